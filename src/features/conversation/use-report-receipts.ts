import { useCallback, useEffect, useState } from 'react'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import {
  getReportReceipts,
  type ReportReceipts,
} from '@/features/conversation/api/get-report-receipts'

/**
 * The finder's receipts for a chat's report, live: read from the report row, and
 * read again whenever a notice arrives on receipts:<chatId> (a broadcast is a
 * notice of a stored row, never the data shown) or after a gap.
 */
export function useReportReceipts(chatId: string | null): ReportReceipts | null {
  const [receipts, setReceipts] = useState<ReportReceipts | null>(null)
  const unmountSignal = useUnmountSignal()
  const refresh = useCallback(() => {
    if (!chatId) return
    getReportReceipts(chatId, unmountSignal()).then(setReceipts, () => undefined)
  }, [chatId, unmountSignal])
  useEffect(refresh, [refresh])
  useBroadcastChannel({
    topic: chatId ? `receipts:${chatId}` : null,
    handlers: { receipt: refresh },
    onResync: refresh,
  })
  return receipts
}
