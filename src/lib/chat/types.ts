import type { Database } from '@/types/database.types'

type Tables = Database['public']['Tables']
type Functions = Database['public']['Functions']

export type ChatRole = 'owner' | 'finder'

/** A message as the database holds it. */
export type MessageRow = Tables['messages']['Row']

/** What a chat is about (chat_summary), for its members. */
export type ChatSummaryRow = Functions['chat_summary']['Returns'][number]

/** One report's conversation on the owner's dashboard (list_conversations). */
type ListedConversation = Functions['list_conversations']['Returns'][number]
export type ConversationRow = Omit<ListedConversation, 'closed_at'> & {
  /** When it was closed (app_private.close_chat); null while open. The generated type says string. */
  closed_at: string | null
}

/** What the screen shows: a stored message, or one of ours on its way. */
export type ChatMessage = {
  id: string
  chatId: string
  senderId: string
  senderRole: ChatRole
  body: string
  /** chat-photos object names the message carries (up to three); none for text only. */
  photoPaths: string[]
  /** What the server found in it that scams use (messages.scam_signals); the other side sees a warning. */
  scamSignals?: string[]
  /** Server time; null until the database has stored it. */
  createdAt: string | null
  /** Server-assigned, increasing in commit order; null until stored. */
  position: number | null
  status: 'sent' | 'sending' | 'queued' | 'failed'
  /**
   * Why a failed message was refused, when the database said (else 'Not sent'):
   * its code, shown in the reader's words (message-bubble.tsx).
   */
  failedBecause?: 'too_many_messages'
}
