import { atom } from '@/lib/jotai'
import type { ConversationRow } from '@/lib/chat/types'

/** The owner's hub: every report on their items, newest first, with unread counts. */
export const conversationsAtom = atom<ConversationRow[] | null>(null)

export type OwnerAlert = {
  id: string
  kind: 'report' | 'message'
  itemId: string
  chatId: string
  itemName: string | null
  text: string
}

/** Owner alerts shown as toasts, newest first. */
export const ownerAlertsAtom = atom<OwnerAlert[]>([])
