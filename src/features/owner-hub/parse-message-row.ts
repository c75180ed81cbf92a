import type { MessageRow } from '@/lib/chat/types'

const isText = (value: unknown): value is string => typeof value === 'string'

/** A message row from a broadcast payload, or null if it is not one. */
export function parseMessageRow(payload: unknown): MessageRow | null {
  if (typeof payload !== 'object' || payload === null) return null
  const row = payload as Record<string, unknown>
  const { id, chat_id, sender_id, sender_role, body, created_at, photo_paths } = row
  if (!isText(id) || !isText(chat_id) || !isText(body)) return null
  if (!isText(created_at) || !isText(sender_role)) return null
  return {
    id,
    chat_id,
    sender_id: isText(sender_id) ? sender_id : '',
    sender_role,
    body,
    created_at,
    photo_paths: Array.isArray(photo_paths) ? photo_paths.filter(isText) : [],
  } as MessageRow
}
