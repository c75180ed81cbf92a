import { useCallback, useEffect, useMemo } from 'react'
import { useSetAtom, useStore } from '@/lib/jotai'
import { useConnectivityMonitor } from '@/lib/realtime/connectivity-state'
import { useBroadcastChannel } from '@/lib/realtime/use-broadcast-channel'
import { stateAtom } from '@/lib/store'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import { messageAlertText, reportAlertText } from '@/features/owner-hub/alert-text'
import { listConversations } from '@/features/owner-hub/api/list-conversations'
import {
  parseOwnerClosedEvent,
  parseOwnerMessageEvent,
  parseReportEvent,
  type OwnerReportEvent,
} from '@/features/owner-hub/parse-owner-event'
import type { ConversationRow } from '@/lib/chat/types'
import { conversationsAtom, ownerAlertsAtom, type OwnerAlert } from '@/features/owner-hub/state'
import { useRefreshAfterQuiet } from '@/features/owner-hub/use-refresh-after-quiet'

const MAX_ALERTS = 5

/** Runs `load` now, or once more after the run under way: never two at once, none missed. */
function coalesced(load: () => Promise<void>): () => void {
  let running = false
  let isWanted = false
  const run = async () => {
    running = true
    while (isWanted) {
      isWanted = false
      await load().catch(() => undefined)
    }
    running = false
  }
  return () => {
    isWanted = true
    if (!running) void run()
  }
}

/**
 * The owner's hub: every report on their items (list_conversations) with unread
 * counts, kept fresh from the private channel `owner:<uid>`, which also raises
 * the toasts for new reports and finders' messages. Its events are notices: a
 * finder's message sets that one conversation's unread count (the list is fetched
 * again only for a conversation it does not hold yet, after a quiet window, and on
 * every resync), and `closed` marks that conversation closed.
 */
export function useOwnerAlerts(ownerId: string | null | undefined): void {
  const store = useStore()
  const monitor = useConnectivityMonitor()
  const setConversations = useSetAtom(conversationsAtom)
  const setAlerts = useSetAtom(ownerAlertsAtom)
  const unmountSignal = useUnmountSignal()

  const refresh = useMemo(
    () =>
      coalesced(async () => {
        if (!ownerId) return
        setConversations(await listConversations(monitor, unmountSignal()))
      }),
    [monitor, ownerId, setConversations, unmountSignal],
  )

  useEffect(() => {
    setConversations(null)
    refresh()
  }, [refresh, setConversations])

  const refreshAfterQuiet = useRefreshAfterQuiet(refresh)

  /** Changes one conversation in the list; false when the list does not hold it. */
  const updateConversation = useCallback(
    (chatId: string, change: Partial<ConversationRow>) => {
      const list = store.get(conversationsAtom)
      if (!list?.some((conversation) => conversation.chat_id === chatId)) return false
      setConversations(
        list.map((conversation) =>
          conversation.chat_id === chatId ? { ...conversation, ...change } : conversation,
        ),
      )
      return true
    },
    [setConversations, store],
  )

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
    },
    [setAlerts, store],
  )

  const alertReport = useCallback(
    (event: OwnerReportEvent) => {
      const finderName = store
        .get(conversationsAtom)
        ?.find((conversation) => conversation.chat_id === event.chatId)?.finder_first_name
      addAlert({
        id: `report:${event.reportId}`,
        kind: 'report',
        itemId: event.itemId,
        chatId: event.chatId,
        itemName: event.itemName,
        message: reportAlertText(event.itemName, finderName),
      })
    },
    [addAlert, store],
  )

  useBroadcastChannel({
    topic: ownerId ? `owner:${ownerId}` : null,
    handlers: {
      report: (payload) => {
        const event = parseReportEvent(payload)
        if (!event) return
        // The list is what the database holds; the toast follows it with the finder's name.
        void listConversations(monitor, unmountSignal())
          .then(setConversations)
          .catch(() => undefined)
          .finally(() => alertReport(event))
      },
      message: (payload) => {
        const event = parseOwnerMessageEvent(payload)
        if (!event) {
          refresh()
          return
        }
        if (!updateConversation(event.chatId, { unread: event.unread })) refresh()
        refreshAfterQuiet(event.chatId, event.quietSeconds)
        addAlert({
          id: `message:${event.chatId}:${event.position}`,
          kind: 'message',
          itemId: event.itemId,
          chatId: event.chatId,
          itemName: itemName(event.itemId),
          message: messageAlertText(itemName(event.itemId), event.preview, event.photos),
        })
      },
      closed: (payload) => {
        const event = parseOwnerClosedEvent(payload)
        if (!event || !updateConversation(event.chatId, { closed_at: event.closedAt })) refresh()
      },
    },
    onResync: refresh,
    monitor,
  })
}
