import { useEffect, useState, type ComponentType } from 'react'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { useIsHydrated } from '@/lib/use-is-hydrated'
import {
  isSenderNeededAtom,
  PENDING_REPORT_KEY,
  pendingStatusAtom,
} from '@/features/found/pending-report-flag'

// The sender (report-found, its proof of work, supabase-js on use) loads only when a
// report is saved on this device: other visits never fetch it.
const loadSender = () => import('@/features/found/components/pending-report-notice')

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
 *
 * If the sender cannot be fetched (the connection went before it arrived, and the
 * service worker has not stored it yet), the report is still saved: the page says
 * it is offline and reloads when the connection returns, which sends it.
 */
export function PendingReportSlot() {
  const isHydrated = useIsHydrated()
  const [hadSavedReport] = useState(hasSavedReport)
  const isSenderNeeded = useAtomValue(isSenderNeededAtom)
  const setStatus = useSetAtom(pendingStatusAtom)
  const [Sender, setSender] = useState<ComponentType | null>(null)
  const isWanted = isHydrated && (hadSavedReport || isSenderNeeded)

  useEffect(() => {
    if (!isWanted || Sender) return
    let isActive = true
    const reload = () => window.location.reload()
    loadSender().then(
      (module) => isActive && setSender(() => module.PendingReportNotice),
      () => {
        if (!isActive) return
        setStatus('offline')
        window.addEventListener('online', reload, { once: true })
      },
    )
    return () => {
      isActive = false
      window.removeEventListener('online', reload)
    }
  }, [isWanted, Sender, setStatus])

  return Sender ? <Sender /> : null
}
