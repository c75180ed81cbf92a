/**
 * The client's address, for per-address limits: Auth's rate limits, and the
 * address the functions gateway passes on (report-found's per-address limit).
 * `X-Forwarded-For` and `CF-Connecting-IP` are the client's own word, so they
 * count only behind a proxy the configuration trusts (`trustProxy`); otherwise
 * the connection's own address does. Hosted Supabase is behind Cloudflare,
 * which sets `CF-Connecting-IP` itself.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The connection's address; null when not served by @hono/node-server (app.fetch in a unit test). */
export function connectionAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null
  }
}

/** The address Auth's rate limiters count against ('local' when there is none). */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return connectionAddress(c) ?? 'local'
}

/**
 * Sets the address headers of a request passed on to a function as a proxy
 * does: the connection's address in `X-Forwarded-For`, and whatever the client
 * sent in `X-Forwarded-For`, `CF-Connecting-IP` or `X-Real-IP` dropped; behind
 * a trusted proxy, the proxy's headers as they came.
 */
export function forwardClientAddress(headers: Headers, c: Context, trustProxy: boolean): void {
  if (trustProxy && (headers.has('x-forwarded-for') || headers.has('cf-connecting-ip'))) return
  for (const name of ['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip']) headers.delete(name)
  const address = connectionAddress(c)
  if (address) headers.set('x-forwarded-for', address)
}
