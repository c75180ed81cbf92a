import { lazy, Suspense, useState } from 'react'
import { useAtomValue } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import { isSenderNeededAtom, PENDING_REPORT_KEY } from '@/features/found/pending-report-flag'

// The sender (report-found, its proof of work, supabase-js on use) loads only when a
// report is saved on this device: other visits never fetch it.
const PendingReportNotice = lazy(async () => ({
  default: (await import('@/features/found/components/pending-report-notice')).PendingReportNotice,
}))

const hasSavedReport = () => {
  try {
    return localStorage.getItem(PENDING_REPORT_KEY) !== null
  } catch {
    return false
  }
}

/**
 * Where the layout keeps the finder's saved report going, on any page (e.g. one
 * reopened after the tab was closed): the sender, once a report was saved in this
 * tab or found saved when the tab opened; it stays for the tab's life. Nothing
 * before hydration: the prerendered HTML knows no device storage.
 */
export function PendingReportSlot() {
  const isHydrated = useIsHydrated()
  const [hadSavedReport] = useState(hasSavedReport)
  const isSenderNeeded = useAtomValue(isSenderNeededAtom)
  if (!isHydrated || (!hadSavedReport && !isSenderNeeded)) return null
  return (
    <Suspense fallback={null}>
      <PendingReportNotice />
    </Suspense>
  )
}
