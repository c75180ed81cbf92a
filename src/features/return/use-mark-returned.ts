import { useCallback, useState } from 'react'
import { atom, useAtom, useAtomValue, useSetAtom, useStore } from '@/lib/jotai'
import { stateAtom } from '@/lib/store'
import { closeConversation } from '@/features/return/api/close-conversation'
import {
  getReturnPreview,
  markReturned,
  type ReturnPreview,
} from '@/features/return/api/mark-returned'
import { chatSummaryAtom } from '@/lib/chat/state'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

export const MARK_RETURNED_FAILED = msgId('ownerReturn.failed.markReturned')
export const CLOSE_FAILED = msgId('ownerReturn.failed.close')
export const PREVIEW_FAILED = msgId('ownerReturn.failed.preview')

export type OwnerChatAction = 'return' | 'close'

type PendingAction = { chatId: string; action: OwnerChatAction; preview: ReturnPreview }

/**
 * The question waiting for the owner's answer. Kept outside the component: the chat's details move
 * between a sheet (phone) and a column (laptop) when the window changes width, and a question the
 * owner is reading must not vanish with the panel that showed it.
 */
const pendingActionAtom = atom<PendingAction | null>(null)

export type OwnerChatActions = {
  isReturned: boolean
  isClosed: boolean
  /** Which action waits for the owner's confirmation, with what it would do. */
  pending: { action: OwnerChatAction; preview: ReturnPreview } | null
  isBusy: boolean
  /** What went wrong, as a message id (the owner's catalog, translated where shown). */
  error: MessageId | null
  /** Asks first: loads what the action would do and shows it. */
  ask: (action: OwnerChatAction) => void
  cancel: () => void
  confirm: () => void
}

/**
 * The owner's actions in a chat: 'Mark as returned' (the item FOUND, every
 * conversation about it closed, each finder told) and closing this one
 * conversation. Each asks first, in plain words, with the deletion date.
 * The chat itself learns it is closed from the database's 'closed' notice.
 */
export function useOwnerChatActions(refreshSummary: () => void): OwnerChatActions {
  const summary = useAtomValue(chatSummaryAtom)
  const setState = useSetAtom(stateAtom)
  const store = useStore()
  const [asked, setPending] = useAtom(pendingActionAtom)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<MessageId | null>(null)
  const itemId = summary?.item_id
  const chatId = summary?.chat_id
  const pending = asked && asked.chatId === chatId ? asked : null

  const ask = useCallback(
    (action: OwnerChatAction) => {
      if (!itemId || !chatId) return
      setIsBusy(true)
      setError(null)
      getReturnPreview(itemId)
        .then((preview) => {
          if (!preview) throw new Error('no preview')
          setPending({ chatId, action, preview })
        })
        .catch(() => setError(PREVIEW_FAILED))
        .finally(() => setIsBusy(false))
    },
    [chatId, itemId, setPending],
  )

  const confirm = useCallback(() => {
    if (!pending || !itemId || !chatId) return
    setIsBusy(true)
    setError(null)
    const run =
      pending.action === 'return'
        ? markReturned(itemId).then((id) => {
            if (!id) throw new Error('not updated')
            const items = store.get(stateAtom).items
            if (items) {
              setState({ items: items.map((i) => (i.id === id ? { ...i, status: 'FOUND' } : i)) })
            }
          })
        : closeConversation(chatId)
    run
      .then(() => {
        setPending(null)
        refreshSummary()
      })
      .catch(() => setError(pending.action === 'return' ? MARK_RETURNED_FAILED : CLOSE_FAILED))
      .finally(() => setIsBusy(false))
  }, [chatId, itemId, pending, refreshSummary, setPending, setState, store])

  return {
    isReturned: summary?.item_status === 'FOUND' && summary.closed_reason === 'returned',
    isClosed: Boolean(summary?.closed_at),
    pending,
    isBusy,
    error,
    ask,
    cancel: () => setPending(null),
    confirm,
  }
}
