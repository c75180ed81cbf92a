import { atom } from '@/lib/jotai'
import type { ChatMessage, ChatRole } from '@/features/chat/types'

export type ChatPhase =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'unreachable' }
  | { kind: 'ready'; role: ChatRole }

/** The open chat's entry state. */
export const chatPhaseAtom = atom<ChatPhase>({ kind: 'loading' })

/** The open chat's messages: stored ones in time order, then ours on the way. */
export const chatMessagesAtom = atom<ChatMessage[]>([])

/** Owner alerts: unread finder messages and new reports per item id, this session. */
export const unreadByItemAtom = atom<Record<string, number>>({})

/** Owner alerts: the newest chat of each item that has one (item id -> chat id). */
export const chatByItemAtom = atom<Record<string, string>>({})

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
