import { isAuthError } from '@supabase/supabase-js'

/**
 * The auth service's own words for what it refused (SPEC.md §8: already registered,
 * weak password, same password...), else `fallback`. A server failure (5xx) or no
 * answer at all is not a refusal: supabase-js's message for it is no sentence for
 * a person ('{}', 'Failed to fetch').
 */
export function authRefusalMessage(error: unknown, fallback: string): string {
  const status = isAuthError(error) ? (error.status ?? 0) : 0
  return status >= 400 && status < 500 && error instanceof Error && error.message
    ? error.message
    : fallback
}
