import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { normaliseTagCode } from '@/lib/tag-code'
import { TagLookup } from '@/features/found/components/tag-lookup'

// Only a signed-in account loads it (never a finder's first page).
const DeskReportOffer = lazy(() => import('@/features/desk/components/desk-report-offer'))

/**
 * /tag: the finder's tag lookup and report, and above it, for a signed-in member
 * of an approved lost-property desk's staff, "Report as <desk>" (issue 50).
 */
export function TagRoute() {
  const { authed } = useAtomValue(userAtom)
  const [params] = useSearchParams()
  const code = normaliseTagCode(params.get('tagId') ?? '')
  return (
    <>
      {authed && code && (
        <Suspense fallback={null}>
          <DeskReportOffer tagCode={code} />
        </Suspense>
      )}
      <TagLookup />
    </>
  )
}
