/** Reading an Auth request: the JSON body (size and depth limited), the client address, redirects. */
import type { Context } from 'hono'
import { clientAddress } from '../client-address.ts'
import { isRecord } from '../is-record.ts'
import type { StackConfig } from '../config.ts'
import { BodyTooLarge, jsonDepth, MAX_JSON_DEPTH, readLimitedText } from '../request-limits.ts'
import { AuthError } from './errors.ts'
import { isAllowedRedirect } from './redirects.ts'

export type Body = Record<string, unknown>

/** GoTrue's bodies are small: anything over this is refused with 413. */
const MAX_AUTH_BODY_BYTES = 256 * 1024

export async function readBody(c: Context): Promise<Body> {
  let text: string
  try {
    text = await readLimitedText(c.req.raw, MAX_AUTH_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new AuthError(413, 'request_too_large', 'Request body is too large')
    }
    throw error
  }
  if (!text.trim()) return {}
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: nested too deeply')
  }
  try {
    const body: unknown = JSON.parse(text)
    if (isRecord(body)) return body
  } catch {
    // fall through
  }
  throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON')
}

/** The address the rate limiters count against (client-address.ts). */
export function clientIp(c: Context, config: StackConfig): string {
  return clientAddress(c, config.trustProxy)
}

export function redirectTarget(c: Context, config: StackConfig): string {
  const requested = c.req.query('redirect_to') ?? c.req.header('referer') ?? ''
  return requested && isAllowedRedirect(requested, config.siteUrl, config.additionalRedirectUrls)
    ? requested
    : config.siteUrl
}

export function text(body: Body, key: string): string {
  const value = body[key]
  return typeof value === 'string' ? value.trim() : ''
}
