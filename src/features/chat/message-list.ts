import type { ChatMessage, ChatRole, MessageRow } from '@/features/chat/types'

export const MAX_MESSAGE_LENGTH = 2000
export const TOO_LONG_MESSAGE = `Messages can be at most ${MAX_MESSAGE_LENGTH} characters.`

/** Characters as Postgres counts them (code points, not UTF-16 units). */
export function messageLength(text: string): number {
  return [...text].length
}

/** The body to send, or why not: empty is silently ignored (SPEC §5). */
export function checkMessage(
  text: string,
): { ok: true; body: string } | { ok: false; reason: 'empty' | 'too_long' } {
  const body = text.trim()
  if (body === '') return { ok: false, reason: 'empty' }
  if (messageLength(body) > MAX_MESSAGE_LENGTH) return { ok: false, reason: 'too_long' }
  return { ok: true, body }
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderRole: row.sender_role === 'owner' ? 'owner' : 'finder',
    body: row.body,
    createdAt: row.created_at,
    status: 'sent',
  }
}

/** Stored messages by time then id; ours still on the way keep their order at the end. */
function compare(a: ChatMessage, b: ChatMessage): number {
  if (a.createdAt === null || b.createdAt === null) {
    if (a.createdAt === b.createdAt) return 0
    return a.createdAt === null ? 1 : -1
  }
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt)
  if (byTime !== 0) return byTime
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/**
 * Merges stored rows into the list: one entry per id (a stored row replaces our
 * pending copy), sorted by timestamp (SPEC §4).
 */
export function mergeMessages(list: ChatMessage[], rows: MessageRow[]): ChatMessage[] {
  if (rows.length === 0) return list
  const byId = new Map(list.map((message) => [message.id, message]))
  for (const row of rows) byId.set(row.id, toChatMessage(row))
  return [...byId.values()].sort(compare)
}

/** Adds one of ours, or updates its state, keeping its place. */
export function upsertLocal(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = list.findIndex((m) => m.id === message.id)
  if (index === -1) return [...list, message].sort(compare)
  const existing = list[index]
  if (existing?.status === 'sent') return list
  return list.map((m, i) => (i === index ? message : m))
}

/** The newest message the database has given us: where gap-filling starts. */
export function lastStored(list: ChatMessage[]): ChatMessage | undefined {
  return list.findLast((message) => message.createdAt !== null)
}

export function isChatRole(value: unknown): value is ChatRole {
  return value === 'owner' || value === 'finder'
}
