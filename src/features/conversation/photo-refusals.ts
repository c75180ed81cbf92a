import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { PHOTO_REFUSAL_TEXT } from '@/lib/photos/upload-photo'

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

/** The finder's photo refusals as the owner's catalog messages. */
const OWNER_PHOTO_REFUSAL_IDS: Readonly<Partial<Record<MessageId, MessageId>>> = {
  [msgId('chat.photo.notAnImage')]: msgId('ownerChat.photo.notAnImage'),
  [msgId('chat.photo.tooLarge')]: msgId('ownerChat.photo.tooLarge'),
  [msgId('chat.photo.heic')]: msgId('ownerChat.photo.heic'),
  [msgId('chat.photo.unreadable')]: msgId('ownerChat.photo.unreadable'),
  [msgId('chat.photo.tooMany')]: msgId('ownerChat.photo.tooMany'),
  [msgId('chat.photo.signInRequired')]: msgId('ownerChat.photo.signInRequired'),
  [msgId('chat.photo.missing')]: msgId('ownerChat.photo.missing'),
  [msgId('chat.photo.notAllowed')]: msgId('ownerChat.photo.notAllowed'),
  [msgId('chat.photo.exists')]: msgId('ownerChat.photo.exists'),
  [msgId('chat.photo.tooLargeStored')]: msgId('ownerChat.photo.tooLargeStored'),
  [msgId('chat.photo.tooManyUnsent')]: msgId('ownerChat.photo.tooManyUnsent'),
}

/** photoRefusalId for the owner: the owner's catalog message, or null. */
export function ownerPhotoRefusalId(text: string): MessageId | null {
  const id = photoRefusalId(text)
  return id ? (OWNER_PHOTO_REFUSAL_IDS[id] ?? null) : null
}
