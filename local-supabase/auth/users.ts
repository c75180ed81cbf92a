/** auth.users rows and GoTrue's user JSON. */
import type { Queryable, Row } from '../db/types.ts'

export type UserRow = Row & {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  encrypted_password: string | null
  email_confirmed_at: unknown
  phone_confirmed_at: unknown
  confirmed_at?: unknown
  confirmation_sent_at: unknown
  recovery_token: string | null
  recovery_sent_at: unknown
  email_change_sent_at: unknown
  new_email?: string | null
  invited_at: unknown
  last_sign_in_at: unknown
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: unknown
  updated_at: unknown
  banned_until: unknown
  deleted_at: unknown
  is_anonymous: boolean | null
}

export type IdentityRow = Row & {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown> | null
  provider: string
  last_sign_in_at: unknown
  created_at: unknown
  updated_at: unknown
  email?: string | null
}

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'

/** A timestamp as GoTrue writes it (RFC 3339, UTC), or undefined. */
export function iso(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined
  const date = value instanceof Date ? value : new Date(String(value))
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null',
    [id],
  )
  return rows[0]
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and deleted_at is null and not coalesce(is_anonymous, false) limit 1',
    [email],
  )
  return rows[0]
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  )
  return rows
}

/** GoTrue's user JSON (omitempty timestamps omitted, phone "" when absent). */
export function userJson(user: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.confirmed_at ?? user.email_confirmed_at ?? user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.new_email || undefined,
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data ?? {},
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous ?? false,
  }
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown>
}

export function isBanned(user: UserRow): boolean {
  if (!user.banned_until) return false
  const until =
    user.banned_until instanceof Date ? user.banned_until : new Date(String(user.banned_until))
  return until.getTime() > Date.now()
}

/** The identity_data GoTrue records for a user's e-mail identity. */
export function emailIdentityData(id: string, email: string, verified: boolean) {
  return { sub: id, email: email.toLowerCase(), email_verified: verified, phone_verified: false }
}
