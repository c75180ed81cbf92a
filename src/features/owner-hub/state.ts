import { atom } from '@/lib/jotai'
import type { ConversationRow } from '@/lib/chat/types'
import type { AlertMessage } from '@/features/owner-hub/alert-text'

/** The owner's hub: every report on their items, newest first, with unread counts. */
export const conversationsAtom = atom<ConversationRow[] | null>(null)

export type OwnerAlert = {
  id: string
  kind: 'report' | 'message'
  itemId: string
  chatId: string
  itemName: string | null
  /** What the toast says, translated where it is shown. */
  message: AlertMessage
}

/** Owner alerts shown as toasts, newest first. */
export const ownerAlertsAtom = atom<OwnerAlert[]>([])
