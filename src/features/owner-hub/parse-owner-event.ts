import { parseMessageRow } from '@/features/owner-hub/parse-message-row'
import type { MessageRow } from '@/lib/chat/types'

export type OwnerReportEvent = {
  reportId: string
  chatId: string
  itemId: string
  itemName: string | null
  createdAt: string | null
}

export type OwnerMessageEvent = {
  chatId: string
  itemId: string
  message: MessageRow
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

/** `message` on owner:<uid>: {chat_id, item_id, message, unread, quiet_seconds} for a finder's message. */
export function parseOwnerMessageEvent(payload: unknown): OwnerMessageEvent | null {
  const p = fields(payload)
  const chatId = text(p.chat_id)
  const itemId = text(p.item_id)
  const message = parseMessageRow(p.message)
  if (!chatId || !itemId || !message) return null
  const quiet = p.quiet_seconds
  const quietSeconds =
    typeof quiet === 'number' && Number.isFinite(quiet) ? Math.min(Math.max(quiet, 0), 3600) : 0
  return { chatId, itemId, message, quietSeconds }
}
