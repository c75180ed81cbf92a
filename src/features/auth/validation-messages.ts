import { msgId, type MessageId } from '@/lib/i18n/message-id'
import type { MESSAGES } from '@/lib/validation'

/**
 * SPEC.md §5's validation messages (the words of MESSAGES in src/lib/validation.ts) as
 * this feature's catalog ids, translated where the form shows them.
 */
export const VALIDATION_MESSAGE_IDS = {
  missingFields: msgId('auth.validation.missingFields'),
  invalidEmail: msgId('auth.validation.invalidEmail'),
  passwordsDiffer: msgId('auth.validation.passwordsDiffer'),
  invalidMobile: msgId('auth.validation.invalidMobile'),
  badCharacters: msgId('auth.validation.badCharacters'),
} as const satisfies Record<keyof typeof MESSAGES, MessageId>
