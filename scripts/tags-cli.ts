/**
 * Shared by the operator commands: a supabase-js client with the project's secret key
 * (`SUPABASE_SECRET_KEY`, an `sb_secret_…` key; the legacy `SUPABASE_SERVICE_ROLE_KEY`
 * JWT still works), the local stack's by default.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { LOCAL_SECRET_KEY } from '../local-supabase/config.ts'

export function operatorClient(
  env: Record<string, string | undefined> = process.env,
): SupabaseClient {
  const url = env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
  const key =
    env.SUPABASE_SECRET_KEY?.trim() || env.SUPABASE_SERVICE_ROLE_KEY?.trim() || LOCAL_SECRET_KEY
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

export function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

/** What went wrong, in words an operator can act on. */
export function describeError(
  error: { message: string; code?: string; details?: string | null } | null,
  url: string,
): string {
  if (!error) return 'unknown error'
  if (/fetch failed|ECONNREFUSED/i.test(error.message)) {
    return `cannot reach ${url} — is the stack running (npm run stack), or are SUPABASE_URL / SUPABASE_SECRET_KEY set?`
  }
  // The database answers a refusal as a code (no_such_account), what varies in details.
  const details = error.details ? `: ${error.details}` : ''
  return `${error.message}${details}${error.code ? ` (${error.code})` : ''}`
}
