import type { Database } from '@/types/database.types'

type Tables = Database['public']['Tables']

export type ChatRole = 'owner' | 'finder'

/** A message as the database holds it (generated row type once db:types has run). */
export type MessageRow = Tables extends { messages: { Row: infer R } }
  ? R
  : {
      id: string
      chat_id: string
      sender_id: string
      sender_role: string
      body: string
      created_at: string
    }

/** What the screen shows: a stored message, or one of ours on its way. */
export type ChatMessage = {
  id: string
  chatId: string
  senderRole: ChatRole
  body: string
  /** Null until the database has stored it. */
  createdAt: string | null
  status: 'sent' | 'sending' | 'queued' | 'failed'
}
