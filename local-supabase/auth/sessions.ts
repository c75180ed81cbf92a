/**
 * Sessions (auth.sessions), rotating refresh tokens (auth.refresh_tokens) and
 * access tokens with the claims GoTrue issues (protocols reference §1.8).
 */
import { randomInt } from 'node:crypto'
import type { StackConfig } from '../config.ts'
import type { Queryable, Row } from '../db/types.ts'
import { signAccessToken } from '../keys.ts'
import { AuthError } from './errors.ts'
import { findUserById, identitiesOf, INSTANCE_ID, userJson, type UserRow } from './users.ts'

export type AmrMethod = 'password' | 'anonymous' | 'otp' | 'recovery' | 'email/signup'

export type SessionJson = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
}

type TokenRow = Row & {
  id: number | string
  token: string
  user_id: string
  revoked: boolean
  updated_at: unknown
  parent: string | null
  session_id: string | null
}

const TOKEN_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'
function newRefreshToken(): string {
  let token = ''
  for (let i = 0; i < 32; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]
  return token
}

export type Issuer = { config: StackConfig; issuer: string }

async function accessToken(
  { config, issuer }: Issuer,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + config.jwtExpiry
  const token = await signAccessToken(
    {
      iss: issuer,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous ?? false,
    },
    config.jwtKeys,
  )
  return { token, iat, exp }
}

async function sessionJson(
  db: Queryable,
  issuer: Issuer,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: { method: string; timestamp: number }[],
): Promise<SessionJson> {
  const { token, exp } = await accessToken(issuer, user, sessionId, amr)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: issuer.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(db, user.id)),
  }
}

async function insertRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  parent: string | null,
) {
  const token = newRefreshToken()
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  )
  return token
}

/** Opens a new session for the user and records the sign-in. */
export async function createSession(
  db: Queryable,
  issuer: Issuer,
  userId: string,
  method: AmrMethod,
  userAgent: string | null,
): Promise<SessionJson> {
  await db.query(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1',
    [userId],
  )
  const user = await findUserById(db, userId)
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, tag)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', now(), $2, $3) returning id`,
    [userId, userAgent, method],
  )
  const sessionId = rows[0]!.id
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null)
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
  return sessionJson(db, issuer, user, sessionId, refreshToken, amr)
}

async function amrOf(
  db: Queryable,
  sessionId: string,
): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ tag: string | null; created_at: unknown }>(
    'select tag, created_at from auth.sessions where id = $1',
    [sessionId],
  )
  const row = rows[0]
  const created =
    row?.created_at instanceof Date ? row.created_at : new Date(String(row?.created_at))
  return [{ method: row?.tag || 'password', timestamp: Math.floor(created.getTime() / 1000) }]
}

/** The refresh_token grant: rotation, with the reuse interval for a just-rotated token. */
export async function refreshSession(
  db: Queryable,
  issuer: Issuer,
  presented: string,
): Promise<SessionJson> {
  if (!/^[a-z0-9_-]{8,}$/i.test(presented))
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid')
  const { rows } = await db.query<TokenRow>(
    'select * from auth.refresh_tokens where token = $1 for update',
    [presented],
  )
  const row = rows[0]
  if (!row) {
    throw new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    )
  }
  if (!row.session_id)
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found')
  const sessions = await db.query('select id from auth.sessions where id = $1', [row.session_id])
  if (sessions.rows.length === 0) {
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found')
  }
  const user = await findUserById(db, row.user_id)
  if (!user) throw new AuthError(400, 'user_not_found', 'User not found')
  const amr = await amrOf(db, row.session_id)
  const { config } = issuer

  if (row.revoked) {
    // Reuse interval: a client that lost the rotated token's answer gets the current one.
    const updated =
      row.updated_at instanceof Date ? row.updated_at : new Date(String(row.updated_at))
    const withinReuse =
      Date.now() - updated.getTime() <= config.auth.refreshTokenReuseInterval * 1000
    const child = await db.query<TokenRow>(
      'select * from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1',
      [row.token],
    )
    const active = child.rows[0]
    if (withinReuse && active) {
      return sessionJson(db, issuer, user, row.session_id, active.token, amr)
    }
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  if (!config.auth.refreshTokenRotation) {
    await db.query(
      'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
      [row.session_id],
    )
    return sessionJson(db, issuer, user, row.session_id, row.token, amr)
  }
  await db.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
    [row.id],
  )
  const next = await insertRefreshToken(db, user.id, row.session_id, row.token)
  await db.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
    [row.session_id],
  )
  return sessionJson(db, issuer, user, row.session_id, next, amr)
}

/** Ends sessions: `local` this one, `others` all but this one, `global` all of the user's. */
export async function endSessions(
  db: Queryable,
  userId: string,
  sessionId: string | null,
  scope: 'global' | 'local' | 'others',
) {
  const where =
    scope === 'global' || !sessionId
      ? { sql: 'user_id = $1', params: [userId] }
      : scope === 'local'
        ? { sql: 'user_id = $1 and id = $2', params: [userId, sessionId] }
        : { sql: 'user_id = $1 and id <> $2', params: [userId, sessionId] }
  await db.query(
    `delete from auth.refresh_tokens where session_id in (select id from auth.sessions where ${where.sql})`,
    where.params,
  )
  await db.query(`delete from auth.sessions where ${where.sql}`, where.params)
}
