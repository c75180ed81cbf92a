import { ChatApiError } from '@/lib/chat/api-error'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** REFUSAL_TEXT's codes (refusal-text.ts) as the owner's catalog messages, translated where they are shown. */
const REFUSAL_IDS: Readonly<Record<string, MessageId>> = {
  chat_not_found: msgId('ownerChat.refusal.chatNotFound'),
  item_not_found: msgId('ownerChat.refusal.itemNotFound'),
  chat_closed: msgId('ownerChat.refusal.chatClosed'),
  way_back_not_accepted: msgId('ownerChat.refusal.wayBackNotAccepted'),
  already_handed_in: msgId('ownerChat.refusal.alreadyHandedIn'),
  place_required: msgId('ownerChat.refusal.placeRequired'),
  place_too_long: msgId('ownerChat.refusal.placeTooLong'),
  address_required: msgId('ownerChat.refusal.addressRequired'),
  address_too_long: msgId('ownerChat.refusal.addressTooLong'),
  invalid_characters: msgId('ownerChat.refusal.invalidCharacters'),
  invalid_position: msgId('ownerChat.refusal.invalidPosition'),
  invalid_latitude: msgId('ownerChat.refusal.invalidLatitude'),
  invalid_longitude: msgId('ownerChat.refusal.invalidLongitude'),
  invalid_accuracy: msgId('ownerChat.refusal.invalidAccuracy'),
  reason_required: msgId('ownerChat.refusal.reasonRequired'),
  note_too_long: msgId('ownerChat.refusal.noteTooLong'),
}

/** The owner's catalog message for a chat request the database refused by code; null otherwise. */
export function refusalId(caught: unknown): MessageId | null {
  const reason = caught instanceof ChatApiError ? caught.reason : undefined
  return reason && Object.hasOwn(REFUSAL_IDS, reason) ? (REFUSAL_IDS[reason] ?? null) : null
}
