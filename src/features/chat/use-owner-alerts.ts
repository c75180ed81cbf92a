import { useCallback, useEffect } from 'react'
import { useSetAtom, useStore } from '@/lib/jotai'
import { useConnectivityMonitor } from '@/lib/realtime/connectivity-state'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { stateAtom } from '@/lib/store'
import { getOwnerChats } from '@/features/chat/api/get-owner-chats'
import { messageAlertText, reportAlertText } from '@/features/chat/alert-text'
import { getReportSummary } from '@/features/chat/api/get-report-summary'
import {
  parseOwnerMessageEvent,
  parseReportEvent,
  type OwnerReportEvent,
} from '@/features/chat/parse-owner-event'
import {
  chatByItemAtom,
  ownerAlertsAtom,
  unreadByItemAtom,
  type OwnerAlert,
} from '@/features/chat/state'

const MAX_ALERTS = 5

/**
 * The owner's dashboard alerts: listens on the private channel `owner:<uid>` and
 * keeps which items have chats, unread counts per item and the toasts.
 */
export function useOwnerAlerts(ownerId: string | null | undefined): void {
  const store = useStore()
  const monitor = useConnectivityMonitor()
  const setChatByItem = useSetAtom(chatByItemAtom)
  const setUnread = useSetAtom(unreadByItemAtom)
  const setAlerts = useSetAtom(ownerAlertsAtom)

  const loadChats = useCallback(async () => {
    if (!ownerId) return
    try {
      const chats = await getOwnerChats(ownerId)
      const byItem: Record<string, string> = {}
      for (const chat of [...chats].reverse()) byItem[chat.item_id] = chat.id
      setChatByItem((current) => ({ ...byItem, ...current }))
    } catch {
      // The live events still fill this in; the next resync tries again.
    }
  }, [ownerId, setChatByItem])

  useEffect(() => {
    void loadChats()
  }, [loadChats])

  /** The item's name from the owner's items in the store (SPEC §3 general state). */
  const itemName = useCallback(
    (itemId: string) =>
      store.get(stateAtom).items?.find((item) => item.id === itemId)?.name ?? null,
    [store],
  )

  const addAlert = useCallback(
    (alert: OwnerAlert) => {
      if (store.get(ownerAlertsAtom).some((shown) => shown.id === alert.id)) return
      setAlerts((alerts) => [alert, ...alerts].slice(0, MAX_ALERTS))
      setChatByItem((byItem) => ({ ...byItem, [alert.itemId]: alert.chatId }))
      setUnread((unread) => ({ ...unread, [alert.itemId]: (unread[alert.itemId] ?? 0) + 1 }))
    },
    [setAlerts, setChatByItem, setUnread, store],
  )

  const alertReport = useCallback(
    async (event: OwnerReportEvent) => {
      const summary = await getReportSummary(event.reportId).catch(() => null)
      addAlert({
        id: `report:${event.reportId}`,
        kind: 'report',
        itemId: event.itemId,
        chatId: event.chatId,
        itemName: event.itemName,
        text: reportAlertText(event.itemName, summary?.finderName),
      })
    },
    [addAlert],
  )

  useBroadcastChannel({
    topic: ownerId ? `owner:${ownerId}` : null,
    handlers: {
      report: (payload) => {
        const event = parseReportEvent(payload)
        if (event) void alertReport(event)
      },
      message: (payload) => {
        const event = parseOwnerMessageEvent(payload)
        if (!event) return
        addAlert({
          id: `message:${event.message.id}`,
          kind: 'message',
          itemId: event.itemId,
          chatId: event.chatId,
          itemName: itemName(event.itemId),
          text: messageAlertText(itemName(event.itemId), event.message.body),
        })
      },
    },
    onResync: () => void loadChats(),
    monitor,
  })
}
