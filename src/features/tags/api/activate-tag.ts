import { normaliseTagCode } from '@/lib/tag-code'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { Item } from '@/lib/store'

export const ACTIVATION_MESSAGES = {
  missingFields: 'Please fill in all fields',
  incorrect: 'Activation code or Tag ID is incorrect.',
  throttled: 'Too many attempts. Please try again later.',
  alreadyYours: 'This tag is already activated on your account.',
  failed: 'Activation failed. Please try again.',
} as const

/** activate-tag's other refusal codes (supabase/functions/_shared/error-codes.ts) in words. */
const REFUSAL_TEXT: Readonly<Record<string, string>> = {
  item_name_too_long: 'The item name must be 80 characters or fewer.',
  item_name_not_one_line: 'The item name must be a single line of text.',
  activation_incorrect: ACTIVATION_MESSAGES.incorrect,
  invalid_characters:
    'Some of what you typed contains characters we cannot accept. Please remove them.',
  not_text: 'Please enter text in each field.',
  sign_in_required: 'Please log in to activate a tag.',
  registered_owners_only: 'Only registered owners can activate a tag. Please log in.',
}

const wordsFor = (message: unknown): string | undefined =>
  typeof message === 'string' && Object.hasOwn(REFUSAL_TEXT, message)
    ? REFUSAL_TEXT[message]
    : undefined

/** A refusal from activate-tag, carrying the product message to show. */
export class ActivationError extends Error {}

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

function messageFor(status: number | undefined, code: unknown, message: unknown): string {
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
