import { lazy, Suspense } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useAtomValue } from '@/lib/jotai'
import { paths } from '@/lib/paths'
import { userAtom } from '@/lib/store'
import { normaliseTagCode } from '@/lib/tag-code'

// Loaded only for a signed-in account on a tag's page: never part of a finder's first page.
const DeskReportOffer = lazy(() => import('@/features/desk/components/desk-report-offer'))

/**
 * Above a tag's page (/tag?tagId=…), for a signed-in member of an approved
 * lost-property desk's staff: "Report as <desk>" (issue 50). The desk feature
 * decides whether the account works for a desk; nothing shows for anyone else.
 */
export function DeskReportSlot() {
  const { authed } = useAtomValue(userAtom)
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  const code = normaliseTagCode(params.get('tagId') ?? '')
  if (!authed || !code || pathname.toLowerCase() !== paths.tag.toLowerCase()) return null
  return (
    <Suspense fallback={null}>
      <DeskReportOffer key={code} tagCode={code} />
    </Suspense>
  )
}
