export type OwnerReportEvent = {
  reportId: string
  chatId: string
  itemId: string
  itemName: string | null
  createdAt: string | null
}

/** A finder's message, as a notice: which conversation, its unread count, the toast's words. */
export type OwnerMessageEvent = {
  chatId: string
  itemId: string
  /** The message's position in its chat (one toast per message). */
  position: number
  /** The owner's unread messages in that conversation, counted when it was stored. */
  unread: number
  /** The start of what the finder wrote, white space collapsed (the toast shortens it). */
  preview: string
  /** How many photos the message carries. */
  photos: number
  /**
   * The database alerts the owner once per conversation per window (limit
   * owner_alerts_per_chat) and says how long it lasts: messages within it come
   * with no alert of their own. 0 when the event does not say.
   */
  quietSeconds: number
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
const fields = (payload: unknown): Record<string, unknown> =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {}

/** `report` on owner:<uid>: {report_id, chat_id, item_id, item_name, created_at}. */
export function parseReportEvent(payload: unknown): OwnerReportEvent | null {
  const p = fields(payload)
  const reportId = text(p.report_id)
  const chatId = text(p.chat_id)
  const itemId = text(p.item_id)
  if (!reportId || !chatId || !itemId) return null
  return { reportId, chatId, itemId, itemName: text(p.item_name), createdAt: text(p.created_at) }
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null

/**
 * `message` on owner:<uid> for a finder's message:
 * {chat_id, item_id, position, unread, preview, photos, quiet_seconds}.
 */
export function parseOwnerMessageEvent(payload: unknown): OwnerMessageEvent | null {
  const p = fields(payload)
  const chatId = text(p.chat_id)
  const itemId = text(p.item_id)
  const position = count(p.position)
  const unread = count(p.unread)
  if (!chatId || !itemId || position === null || unread === null) return null
  const preview = typeof p.preview === 'string' ? p.preview : ''
  const quiet = p.quiet_seconds
  const quietSeconds =
    typeof quiet === 'number' && Number.isFinite(quiet) ? Math.min(Math.max(quiet, 0), 3600) : 0
  return { chatId, itemId, position, unread, preview, photos: count(p.photos) ?? 0, quietSeconds }
}

export type OwnerClosedEvent = { chatId: string; closedAt: string }

/** `closed` on owner:<uid>: {chat_id, item_id, closed_at, closed_reason} (app_private.close_chat). */
export function parseOwnerClosedEvent(payload: unknown): OwnerClosedEvent | null {
  const p = fields(payload)
  const chatId = text(p.chat_id)
  const closedAt = text(p.closed_at)
  if (!chatId || !closedAt) return null
  return { chatId, closedAt }
}
