/**
 * PostgREST's error JSON `{ code, details, hint, message }` and its mapping of
 * SQLSTATEs to HTTP statuses (protocols reference §2.5).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'RestError'
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details)

/** A query feature PostgREST has but the local stack does not: a clear error, never other data. */
export const unsupported = (what: string) =>
  new RestError(
    400,
    'PGRST100',
    `"${what}" is not supported by the local Supabase stack`,
    'The local stack implements the PostgREST subset this product uses; use `supabase start` for the rest.',
  )

type PgError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

function isPgError(error: unknown): error is PgError & { code: string; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgError).code === 'string' &&
    typeof (error as PgError).message === 'string'
  )
}

/**
 * `raise ... using errcode = 'PTxyz'`: PostgREST answers with status xyz when
 * the rest reads as a number, and 500 otherwise. A status HTTP cannot carry
 * (below 100) is 500 here too.
 */
function customStatus(digits: string): number {
  if (!/^\d+$/.test(digits)) return 500
  const status = Number(digits)
  return status >= 100 && status <= 999 ? status : 500
}

export function statusForSqlState(code: string, role: string): number {
  if (code === '23505' || code === '23503') return 409
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '42883' || code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '25006') return 405
  if (code === '22023') return 400
  if (code === 'P0001') return 400
  if (code.startsWith('P0')) return 500
  if (code.startsWith('PT')) return customStatus(code.slice(2))
  if (code.startsWith('08') || code === '57P01' || (code.startsWith('53') && code !== '53400'))
    return 503
  if (code.startsWith('28') || code.startsWith('0L') || code.startsWith('0P')) return 403
  if (
    ['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'XX'].some((p) =>
      code.startsWith(p),
    )
  ) {
    return 500
  }
  return 400
}

/** Turns anything thrown while serving a request into a RestError. */
export function toRestError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error
  if (isPgError(error)) {
    const status = statusForSqlState(error.code, role)
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}
    return new RestError(
      status,
      error.code,
      error.message,
      text(error.detail),
      text(error.hint),
      headers,
    )
  }
  // PGlite checks some parameter values itself before Postgres sees them.
  const invalid = error instanceof Error && /^Invalid input for (\w+) type$/.exec(error.message)
  if (invalid) {
    return new RestError(400, '22P02', `invalid input syntax for type ${invalid[1]!.toLowerCase()}`)
  }
  return new RestError(500, 'PGRST000', error instanceof Error ? error.message : String(error))
}
