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
  if (code === 'missing_fields' || code === 'invalid_input') {
    return typeof message === 'string' ? message : ACTIVATION_MESSAGES.missingFields
  }
  if (code === 'activation_incorrect') return ACTIVATION_MESSAGES.incorrect
  if (code === 'already_yours') return ACTIVATION_MESSAGES.alreadyYours
  if (status === 429) return ACTIVATION_MESSAGES.throttled
  if ((status === 401 || status === 403) && typeof message === 'string') return message
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
