import { atom } from '@/lib/jotai'
import type { ChatLinkStatus } from '@/features/conversation/api/get-chat-link-status'
import type { ChatMessage, ChatRole } from '@/lib/chat/types'

export type ChatPhase =
  | { kind: 'loading' }
  /** An owner's link opened signed out: log in, then come back. */
  | { kind: 'sign-in' }
  /**
   * Nothing of the chat; `linkStatus` says why, as the database tells this link's
   * holder (ended, replaced, expired…); with a finder's link, "Send me a new link".
   */
  | {
      kind: 'invalid'
      reason: 'invalid' | 'bound'
      token: string | null
      linkStatus: ChatLinkStatus | null
    }
  | { kind: 'unreachable' }
  | { kind: 'ready'; role: ChatRole; userId: string }

/** The open chat's entry state. */
export const chatPhaseAtom = atom<ChatPhase>({ kind: 'loading' })

/** The open chat's messages: stored ones in the server's order, then ours on the way. */
export const chatMessagesAtom = atom<ChatMessage[]>([])
