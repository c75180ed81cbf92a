import { REFUSAL_TEXT } from '@/lib/chat/refusal-text'

/** An error from a chat request; `isNetwork` when the backend never answered. */
export class ChatApiError extends Error {
  readonly isNetwork: boolean
  readonly code: string | undefined
  /** The database's stable refusal code (e.g. 'chat_not_found'), when it gave one. */
  readonly reason: string | undefined

  constructor(message: string, options: { isNetwork: boolean; code?: string; reason?: string }) {
    super(message)
    this.name = 'ChatApiError'
    this.isNetwork = options.isNetwork
    this.code = options.code
    this.reason = options.reason
  }
}

type SupabaseResult = {
  status: number
  error: { message: string; code?: string } | null
}

/**
 * Throws a ChatApiError when a supabase-js result carries an error: its message is the
 * person's words for the database's refusal code (`texts`), the code kept as `reason`.
 */
export function throwIfError<T extends SupabaseResult>(
  result: T,
  texts: Readonly<Record<string, string>> = REFUSAL_TEXT,
): T & { error: null } {
  if (result.error) {
    const { message, code } = result.error
    const words = Object.hasOwn(texts, message) ? texts[message] : undefined
    throw new ChatApiError(words ?? message, {
      isNetwork: result.status === 0,
      code,
      reason: words ? message : undefined,
    })
  }
  return result as T & { error: null }
}
