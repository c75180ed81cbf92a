/**
 * One provider HTTP call with a deadline, and what its outcome means for the
 * outbox: accepted (with the provider's id), refused (nothing was sent: retry
 * later) or unknown (the provider may have it: look it up before resending).
 */

export type SendOutcome =
  | { outcome: 'accepted'; providerId: string }
  | { outcome: 'refused'; error: string; retryAfterSeconds?: number }
  | { outcome: 'unknown'; error: string }

/** Every provider call gives up after this long, and its outcome is then unknown. */
export const PROVIDER_TIMEOUT_MS = 10_000

export type Fetch = typeof fetch

export type CallResult =
  | { kind: 'answered'; status: number; headers: Headers; text: string }
  | { kind: 'not_connected'; error: string }
  | { kind: 'no_answer'; error: string }

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * Calls the provider. A connection that never opened means nothing was sent;
 * a timeout or a connection lost after the request left means we cannot know.
 */
export async function callProvider(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs = PROVIDER_TIMEOUT_MS,
): Promise<CallResult> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const text = await response.text()
    return { kind: 'answered', status: response.status, headers: response.headers, text }
  } catch (error) {
    const message = describe(error)
    if (
      error instanceof DOMException &&
      (error.name === 'TimeoutError' || error.name === 'AbortError')
    ) {
      return { kind: 'no_answer', error: `no answer within ${timeoutMs / 1000} s` }
    }
    // Deno: "tcp connect error: Connection refused"; Node: ECONNREFUSED / ENOTFOUND.
    if (
      /tcp connect error|connection refused|ECONNREFUSED|ENOTFOUND|dns error|failed to lookup address/i.test(
        message,
      )
    ) {
      return { kind: 'not_connected', error: message }
    }
    return { kind: 'no_answer', error: message }
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date), if any. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}

export function providerId(text: string, fallback = 'accepted'): string {
  try {
    const body = JSON.parse(text) as { sid?: unknown; id?: unknown }
    if (typeof body.sid === 'string' && body.sid) return body.sid
    if (typeof body.id === 'string' && body.id) return body.id
  } catch {
    // not JSON: accepted all the same
  }
  return fallback
}
