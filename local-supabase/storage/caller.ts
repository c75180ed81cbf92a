/**
 * Who calls Storage and how their statements run: the JWT's role and claims
 * (verified as REST verifies them), set transaction-locally with the settings
 * Storage sets (request.jwt.*, storage.operation, storage.allow_delete_query),
 * so the policies on storage.objects decide, as on a hosted project.
 */
import type { StackConfig } from '../config.ts'
import { inLane, type Database, type Queryable } from '../db/types.ts'
import { JwtError, resolveApiRole, type Claims } from '../keys.ts'
import { withRole } from '../roles.ts'
import { storageErrors } from './errors.ts'

export type Caller = { role: string; claims: Claims; token: string | null }

/**
 * The caller of a request; AccessDenied for a bad token, as Storage's JWT check,
 * and for no key at all: storage-api verifies the (empty) JWT and refuses with
 * jose's "Invalid Compact JWS", where REST would take the caller for anon.
 */
export async function resolveCaller(headers: Headers, config: StackConfig): Promise<Caller> {
  try {
    const { role, claims, token } = await resolveApiRole(headers, config)
    if (token === null) throw new JwtError('invalid', 'Invalid Compact JWS')
    return { role, claims, token }
  } catch (error) {
    throw storageErrors.accessDenied(
      error instanceof JwtError ? error.message : 'Invalid Compact JWS',
    )
  }
}

/** Runs fn in one transaction as the caller, for the Storage operation named. */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  request: { method: string; path: string; operation: string },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : ''
  return withRole(
    inLane(db, 'request'),
    {
      role: caller.role,
      claims: caller.claims,
      settings: {
        'request.jwt': caller.token ?? '',
        'request.jwt.claim.sub': sub,
        'request.jwt.claim.role': caller.role,
        'request.method': request.method,
        'request.path': request.path,
        'storage.operation': request.operation,
        // Storage's own deletes are the ones storage.protect_delete lets through
        'storage.allow_delete_query': 'true',
      },
    },
    fn,
  )
}

/** The caller's `sub`, when it is a UUID (the deprecated `owner` column). */
export function ownerUuid(caller: Caller): string | null {
  const sub = caller.claims.sub
  return typeof sub === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
    ? sub
    : null
}
