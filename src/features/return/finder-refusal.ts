import { ChatApiError } from '@/lib/chat/api-error'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/**
 * The finder's ways back refused by the database (record_hand_in, ask_for_postal_address,
 * share_found_location): its stable code in the finder's language. A code not listed here,
 * or no answer at all, is said in general words: no English sentence reaches the finder.
 */
const FINDER_REFUSAL: Readonly<Record<string, MessageId>> = {
  chat_not_found: msgId('ways.refusal.chatNotFound'),
  chat_closed: msgId('ways.refusal.chatClosed'),
  way_back_not_accepted: msgId('ways.refusal.notAccepted'),
  already_handed_in: msgId('ways.refusal.alreadyHandedIn'),
  place_required: msgId('ways.refusal.placeRequired'),
  place_too_long: msgId('ways.refusal.placeTooLong'),
  invalid_characters: msgId('ways.refusal.invalidCharacters'),
  invalid_position: msgId('ways.refusal.invalidPosition'),
  invalid_latitude: msgId('ways.refusal.invalidPosition'),
  invalid_longitude: msgId('ways.refusal.invalidPosition'),
  invalid_accuracy: msgId('ways.refusal.invalidPosition'),
}

/** The catalog message for a failed way back (the finder's side). */
export function finderRefusal(caught: unknown): MessageId {
  if (caught instanceof ChatApiError && !caught.isNetwork && caught.reason) {
    return FINDER_REFUSAL[caught.reason] ?? msgId('ways.refusal.failed')
  }
  if (caught instanceof ChatApiError && caught.isNetwork) return msgId('ways.refusal.unreachable')
  return msgId('ways.refusal.failed')
}
