import { atom } from '@/lib/jotai'
import type { ChatMessage, ChatRole, ChatSummaryRow, ConversationRow } from '@/features/chat/types'

export type ChatPhase =
  | { kind: 'loading' }
  /** An owner's link opened signed out: log in, then come back. */
  | { kind: 'sign-in' }
  /** Nothing of the chat; with a finder's link, "Send me a new link" is offered. */
  | { kind: 'invalid'; reason: 'invalid' | 'bound'; token: string | null }
  | { kind: 'unreachable' }
  | { kind: 'ready'; role: ChatRole; userId: string }

/** The open chat's entry state. */
export const chatPhaseAtom = atom<ChatPhase>({ kind: 'loading' })

/** The open chat's messages: stored ones in the server's order, then ours on the way. */
export const chatMessagesAtom = atom<ChatMessage[]>([])

/** What the open chat is about: item, finder's first name, where and when. */
export const chatSummaryAtom = atom<ChatSummaryRow | null>(null)

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

/** Bumped when the open chat's ways back changed (a 'ways_back' notice) or may have: re-read them. */
export const waysBackVersionAtom = atom(0)
