/** An error from a chat request; `isNetwork` when the backend never answered. */
export class ChatApiError extends Error {
  readonly isNetwork: boolean
  readonly code: string | undefined

  constructor(message: string, options: { isNetwork: boolean; code?: string }) {
    super(message)
    this.name = 'ChatApiError'
    this.isNetwork = options.isNetwork
    this.code = options.code
  }
}

type SupabaseResult = {
  status: number
  error: { message: string; code?: string } | null
}

/** Throws a ChatApiError when a supabase-js result carries an error. */
export function throwIfError<T extends SupabaseResult>(result: T): T & { error: null } {
  if (result.error) {
    throw new ChatApiError(result.error.message, {
      isNetwork: result.status === 0,
      code: result.error.code,
    })
  }
  return result as T & { error: null }
}
