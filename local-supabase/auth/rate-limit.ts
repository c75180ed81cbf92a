/**
 * GoTrue's per-IP request limiters (429 over_request_rate_limit): at most
 * `limit` requests per `windowSeconds`, counted in a sliding window.
 */
import type { RateLimit } from '../config.ts'
import { AuthError } from './errors.ts'

export type Limiter = { take(key: string): void }

export function createLimiter(rule: RateLimit, now: () => number = Date.now): Limiter {
  const hits = new Map<string, number[]>()
  return {
    take(key) {
      const since = now() - rule.windowSeconds * 1000
      const recent = (hits.get(key) ?? []).filter((t) => t > since)
      if (recent.length >= rule.limit) {
        hits.set(key, recent)
        throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
      }
      recent.push(now())
      hits.set(key, recent)
    },
  }
}
