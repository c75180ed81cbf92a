import type { ChatMessage, ChatRole, MessageRow } from '@/lib/chat/types'

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    senderRole: row.sender_role === 'owner' ? 'owner' : 'finder',
    body: row.body,
    photoPaths: row.photo_paths ?? [],
    scamSignals: row.scam_signals ?? [],
    createdAt: row.created_at,
    position: row.position,
    status: 'sent',
  }
}

/** Stored messages by the server's position; ours still on the way keep their order at the end. */
function compare(a: ChatMessage, b: ChatMessage): number {
  if (a.position === null || b.position === null) {
    if (a.position === b.position) return 0
    return a.position === null ? 1 : -1
  }
  return a.position - b.position
}

/**
 * Merges stored rows into the list: one entry per id (a stored row replaces our
 * pending copy), in the server's order.
 */
export function mergeMessages(list: ChatMessage[], rows: readonly MessageRow[]): ChatMessage[] {
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

/** The highest position the database has given us (0 for none): catch-up starts after it. */
export function lastPosition(list: readonly ChatMessage[]): number {
  return list.reduce((max, message) => Math.max(max, message.position ?? 0), 0)
}

export function isChatRole(value: unknown): value is ChatRole {
  return value === 'owner' || value === 'finder'
}
