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

/**
 * Not found or not the caller's: the database answers 404 (PostgREST's PT404)
 * with a stable code as the message; the person reads these words instead.
 */
export const NOT_FOUND_TEXT: Readonly<Record<string, string>> = {
  chat_not_found: 'This conversation is no longer available.',
  item_not_found: 'This item is no longer in your account.',
}

type SupabaseResult = {
  status: number
  error: { message: string; code?: string } | null
}

/** Throws a ChatApiError when a supabase-js result carries an error. */
export function throwIfError<T extends SupabaseResult>(result: T): T & { error: null } {
  if (result.error) {
    const { message, code } = result.error
    const words = code === 'PT404' ? NOT_FOUND_TEXT[message] : undefined
    throw new ChatApiError(words ?? message, {
      isNetwork: result.status === 0,
      code,
      reason: words ? message : undefined,
    })
  }
  return result as T & { error: null }
}
