import { withoutControlCharacters } from '@/lib/control-characters'
import { msgId } from '@/lib/i18n/message-id'

/**
 * The message body rule, as the database owns it (public.messages'
 * messages_body_length and app_private.trim_message: trimmed of whitespace at both ends, then
 * 1..MAX_MESSAGE_LENGTH characters). The app mirrors it here, once, so it never
 * sends what the database would refuse; tests/db checks the two agree.
 */
export const MAX_MESSAGE_LENGTH = 2000
/** Said to the owner with `{ max: MAX_MESSAGE_LENGTH }` (the finder's is chat.composer.tooLong). */
export const TOO_LONG_MESSAGE = msgId('ownerChat.composer.tooLong')

/**
 * The database refuses a member's messages beyond a rate (limit
 * messages_per_member, 20 a minute: P0001 too_many_messages); the message stays,
 * marked with this, and Retry sends it once the minute has passed.
 */
export const TOO_MANY_MESSAGES = msgId('ownerChat.message.tooMany')

/** Whether a send was refused by the message rate limit. */
export function isTooManyMessages(error: unknown): boolean {
  return error instanceof Error && error.message === 'too_many_messages'
}

/** Characters as Postgres counts them (code points, not UTF-16 units). */
export function messageLength(text: string): number {
  return [...text].length
}

/**
 * The body to send, or why not. String.prototype.trim removes the same
 * whitespace as app_private.trim_message (spaces, tabs, newlines, Unicode
 * spaces); a message of nothing else is silently not sent (SPEC §5). Invisible
 * control characters pasted in go first: a NUL would make the message unsendable
 * (Postgres cannot store it), shown 'Not sent' however often it is retried.
 */
export function checkMessage(
  text: string,
  { hasPhotos = false }: { hasPhotos?: boolean } = {},
): { ok: true; body: string } | { ok: false; reason: 'empty' | 'too_long' } {
  const body = withoutControlCharacters(text).trim()
  // A message carrying photos may have no text (messages_body_length).
  if (body === '' && !hasPhotos) return { ok: false, reason: 'empty' }
  if (messageLength(body) > MAX_MESSAGE_LENGTH) return { ok: false, reason: 'too_long' }
  return { ok: true, body }
}
