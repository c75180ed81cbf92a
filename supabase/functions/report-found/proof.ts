/**
 * Who calls report-found and with what proof, checked without the database
 * (public.report_found does the rest in the report's own transaction).
 *
 * The finder as their JWT names them. The functions gateway has verified the
 * token's signature and expiry before the request reaches the function
 * (verify_jwt = true for report-found in supabase/config.toml), so the claims
 * are read here without a round trip to Auth; public.report_found then checks,
 * as Auth's /user would, that the user exists and the session was not signed
 * out.
 */
import { requireProof } from '../_shared/proof-of-work.ts'
import type { CheckedProof, Finder } from './handler.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes))
}

/** A signed-in user's id and session from `Authorization: Bearer <jwt>`, or null. */
export function finderFromAuthorization(authorization: string): Finder | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1] ?? ''
  const parts = token.split('.')
  if (parts.length !== 3) return null
  let claims: unknown
  try {
    claims = decodeSegment(parts[1]!)
  } catch {
    return null
  }
  if (typeof claims !== 'object' || claims === null) return null
  const { sub, role, session_id: sessionId } = claims as Record<string, unknown>
  if (role !== 'authenticated' || typeof sub !== 'string' || !UUID.test(sub)) return null
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !UUID.test(sessionId)))
    return null
  return { id: sub, sessionId: sessionId ?? null }
}

/**
 * The bot check up to its one-time use (requireProof: shape, signature, expiry,
 * hash; a 400/403 HttpError otherwise); the use is recorded by public.report_found.
 */
export async function checkedProof(proof: unknown, secret: string): Promise<CheckedProof> {
  let checked: CheckedProof | null = null
  await requireProof(proof, {
    secret,
    consume: (challenge, expiresAt) => {
      checked = { challenge, expiresAt }
      return Promise.resolve(true)
    },
  })
  if (!checked) throw new Error('the proof was not checked')
  return checked
}
