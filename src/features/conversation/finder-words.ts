import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { PHOTO_REFUSAL_TEXT } from '@/lib/photos/upload-photo'
import type { SafetyNotice } from '@/features/conversation/api/get-safety-notices'

/**
 * The bodies of the safety notices, as the database writes them
 * (app_private.resolve_report: the warning to the reported person, and
 * app_private.safety_outcome_text for the reporter's outcome; tests check the two
 * agree with supabase/schema.sql), and the catalog message a finder reads instead.
 */
export const NOTICE_BODY_IDS: Readonly<
  Record<SafetyNotice['kind'], Readonly<Record<string, MessageId>>>
> = {
  warning: {
    'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.':
      msgId('chat.noticeBody.warned'),
  },
  outcome: {
    'We looked at your report and found nothing against our rules. Thank you for telling us.':
      msgId('chat.noticeBody.dismissed'),
    'We looked at your report and warned the other person.': msgId('chat.noticeBody.warnedOther'),
    'We looked at your report and closed this conversation.': msgId('chat.noticeBody.closed'),
    "We looked at your report, closed this conversation and suspended the owner's account.": msgId(
      'chat.noticeBody.ownerSuspended',
    ),
    'We looked at your report and switched off the tag of this item.': msgId(
      'chat.noticeBody.tagSwitchedOff',
    ),
  },
}

/**
 * The catalog message for a notice a finder reads, from its kind and what it says;
 * null for a notice the app does not know (its own words are then shown).
 */
export function noticeBodyId(notice: Pick<SafetyNotice, 'kind' | 'body'>): MessageId | null {
  const bodies = Object.hasOwn(NOTICE_BODY_IDS, notice.kind) ? NOTICE_BODY_IDS[notice.kind] : null
  return bodies && Object.hasOwn(bodies, notice.body) ? (bodies[notice.body] ?? null) : null
}

/**
 * Every refusal of a chosen photo the app says (photo-rules' PHOTO_MESSAGES, and
 * check-photo's codes in upload-photo's PHOTO_REFUSAL_TEXT), as a catalog message.
 */
const PHOTO_REFUSAL_IDS: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  [PHOTO_MESSAGES.notAnImage, msgId('chat.photo.notAnImage')],
  [PHOTO_MESSAGES.tooLarge, msgId('chat.photo.tooLarge')],
  [PHOTO_MESSAGES.heic, msgId('chat.photo.heic')],
  [PHOTO_MESSAGES.unreadable, msgId('chat.photo.unreadable')],
  [PHOTO_MESSAGES.tooMany, msgId('chat.photo.tooMany')],
  [PHOTO_REFUSAL_TEXT.sign_in_required ?? '', msgId('chat.photo.signInRequired')],
  [PHOTO_REFUSAL_TEXT.photo_missing ?? '', msgId('chat.photo.missing')],
  [PHOTO_REFUSAL_TEXT.photo_not_allowed ?? '', msgId('chat.photo.notAllowed')],
  [PHOTO_REFUSAL_TEXT.photo_exists ?? '', msgId('chat.photo.exists')],
  [PHOTO_REFUSAL_TEXT.photo_too_large ?? '', msgId('chat.photo.tooLargeStored')],
  [PHOTO_REFUSAL_TEXT.not_an_image ?? '', msgId('chat.photo.notAnImage')],
  [PHOTO_REFUSAL_TEXT.photo_unreadable ?? '', msgId('chat.photo.unreadable')],
  [PHOTO_REFUSAL_TEXT.too_many_photos ?? '', msgId('chat.photo.tooManyUnsent')],
])

/** The catalog message for a photo refusal the app said in English; null if it is not one. */
export function photoRefusalId(text: string): MessageId | null {
  return PHOTO_REFUSAL_IDS.get(text) ?? null
}
