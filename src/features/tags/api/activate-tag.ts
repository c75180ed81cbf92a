import { normaliseTagCode } from '@/lib/tag-code'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { Item } from '@/lib/store'
import { msgId, type MessageId } from '@/lib/i18n/message-id'

/** The activation's messages as catalog ids (translated where the form shows them). */
export const ACTIVATION_MESSAGES = {
  missingFields: msgId('tags.error.missingFields'),
  incorrect: msgId('tags.error.incorrect'),
  throttled: msgId('tags.error.throttled'),
  alreadyYours: msgId('tags.error.alreadyYours'),
  failed: msgId('tags.error.failed'),
} as const

/** activate-tag's other refusal codes (supabase/functions/_shared/error-codes.ts) as messages. */
const REFUSAL_TEXT: Readonly<Record<string, MessageId>> = {
  item_name_too_long: msgId('tags.error.itemNameTooLong'),
  item_name_not_one_line: msgId('tags.error.itemNameNotOneLine'),
  activation_incorrect: ACTIVATION_MESSAGES.incorrect,
  invalid_characters: msgId('tags.error.invalidCharacters'),
  not_text: msgId('tags.error.notText'),
  sign_in_required: msgId('tags.error.signInRequired'),
  registered_owners_only: msgId('tags.error.registeredOwnersOnly'),
}

const wordsFor = (message: unknown): MessageId | undefined =>
  typeof message === 'string' && Object.hasOwn(REFUSAL_TEXT, message)
    ? REFUSAL_TEXT[message]
    : undefined

/** A refusal from activate-tag, carrying the product message (its catalog id) to show. */
export class ActivationError extends Error {
  constructor(readonly messageId: MessageId) {
    super(messageId)
    this.name = 'ActivationError'
  }
}

export type ActivationRequest = { tagId: string; activationCode: string; itemName: string }

type ErrorBody = { error?: { code?: unknown; message?: unknown } }

async function readErrorBody(response: unknown): Promise<ErrorBody> {
  if (!(response instanceof Response)) return {}
  try {
    const body: unknown = await response.json()
    return typeof body === 'object' && body !== null ? (body as ErrorBody) : {}
  } catch {
    return {}
  }
}

function messageFor(status: number | undefined, code: unknown, message: unknown): MessageId {
  if (code === 'missing_fields') return ACTIVATION_MESSAGES.missingFields
  if (code === 'invalid_input') return wordsFor(message) ?? ACTIVATION_MESSAGES.missingFields
  if (code === 'activation_incorrect') return ACTIVATION_MESSAGES.incorrect
  if (code === 'already_yours') return ACTIVATION_MESSAGES.alreadyYours
  if (status === 429) return ACTIVATION_MESSAGES.throttled
  if (status === 401 || status === 403) return wordsFor(message) ?? ACTIVATION_MESSAGES.failed
  return ACTIVATION_MESSAGES.failed
}

/** Calls the activate-tag Edge Function; the new item on success. */
export async function activateTag(request: ActivationRequest): Promise<Item> {
  const { data, error } = await supabase.functions.invoke<{ item: Item }>('activate-tag', {
    body: {
      tagId: normaliseTagCode(request.tagId),
      activationCode: request.activationCode.trim(),
      itemName: request.itemName.trim(),
    },
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response: unknown = error.context
      const status = response instanceof Response ? response.status : undefined
      const body = await readErrorBody(response)
      throw new ActivationError(messageFor(status, body.error?.code, body.error?.message))
    }
    console.error('activate-tag could not be reached', error)
    throw new ActivationError(ACTIVATION_MESSAGES.failed)
  }
  if (!data?.item) throw new ActivationError(ACTIVATION_MESSAGES.failed)
  return data.item
}
