import { lazy, Suspense } from 'react'
import { useAtomValue } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import {
  pendingReportAtom,
  pendingStatusAtom,
  refusedReportAtom,
} from '@/features/found/pending-report'

// The sender (report-found, its proof of work, supabase-js on use) loads only while
// a report is saved on this device: other visits never fetch it.
const PendingReportNotice = lazy(async () => ({
  default: (await import('@/features/found/components/pending-report-notice')).PendingReportNotice,
}))

/**
 * Where the layout keeps the finder's saved report going (any page, e.g. reopened
 * after the tab was closed). Nothing before hydration: the prerendered HTML has no
 * device storage.
 */
export function PendingReportSlot() {
  const isHydrated = useIsHydrated()
  const hasPending = useAtomValue(pendingReportAtom) !== null
  const hasRefused = useAtomValue(refusedReportAtom) !== null
  const isJustSent = useAtomValue(pendingStatusAtom) === 'sent'
  if (!isHydrated || (!hasPending && !hasRefused && !isJustSent)) return null
  return (
    <Suspense fallback={null}>
      <PendingReportNotice />
    </Suspense>
  )
}
