import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { MessageValues } from '@/lib/i18n/use-t'

/** An alert's words: a catalog message and its values, translated where the toast shows it. */
export type AlertMessage = { id: MessageId; values: MessageValues }

/** Toast text for a new report. */
export function reportAlertText(itemName: string | null, finderName?: string | null): AlertMessage {
  const who = finderName?.trim()
  if (!who) {
    return itemName
      ? { id: msgId('hub.alert.report.someoneItem'), values: { item: itemName } }
      : { id: msgId('hub.alert.report.someoneAny'), values: {} }
  }
  return itemName
    ? { id: msgId('hub.alert.report.item'), values: { who, item: itemName } }
    : { id: msgId('hub.alert.report.any'), values: { who } }
}

const PREVIEW_LENGTH = 80

/**
 * Toast text for a finder's message: which item, and the start of what they
 * wrote (or, for photos without words, how many photos).
 */
export function messageAlertText(
  itemName: string | null,
  body: string,
  photoCount = 0,
): AlertMessage {
  const item: MessageValues = itemName ? { item: itemName } : {}
  const text = body.replace(/\s+/g, ' ').trim()
  if (!text && photoCount > 0) {
    return {
      id: itemName ? msgId('hub.alert.photos.item') : msgId('hub.alert.photos.finder'),
      values: { ...item, count: photoCount },
    }
  }
  const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text
  return {
    id: itemName ? msgId('hub.alert.message.item') : msgId('hub.alert.message.finder'),
    values: { ...item, preview },
  }
}
