/**
 * Shared setup for the database tests: one embedded database per test file,
 * users created the way GoTrue creates them, and SQL issued as each role.
 */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { openDatabase } from '../../local-supabase/db/open.ts'
import type { Database, Row } from '../../local-supabase/db/types.ts'
import { withRole, type RoleContext } from '../../local-supabase/roles.ts'
import { openOnScratch } from '../../local-supabase/testing/scratch-database.ts'
import type { Report as ReportResult } from '../../local-supabase/testing/chat-fixtures.ts'

export const SITE_URL = 'http://localhost:5173'

export type Actor = { label: string; context: RoleContext; userId: string | null }

export const noSession: Actor = { label: 'no session', context: { role: 'anon' }, userId: null }
export const serviceRole: Actor = {
  label: 'service role',
  context: { role: 'service_role' },
  userId: null,
}

/** PGlite in memory, or a database of its own on the DATABASE_URL server (dropped on close). */
export function openTestDatabase(): Promise<Database> {
  return openOnScratch((databaseUrl) =>
    openDatabase({ seed: false, ...(databaseUrl ? { databaseUrl } : {}) }),
  )
}

type NewUser = {
  email?: string
  anonymous?: boolean
  metadata?: Record<string, unknown>
  /** The profile's mobile number starts verified (true unless false), as an owner who entered the code. */
  mobileVerified?: boolean
}

/**
 * Inserts an auth.users row as GoTrue would and returns an actor signed in as it.
 * A profile with a mobile number gets it verified unless `mobileVerified: false`.
 */
export async function createUser(db: Database, label: string, user: NewUser = {}): Promise<Actor> {
  const id = randomUUID()
  const anonymous = user.anonymous === true
  const email = anonymous
    ? null
    : (user.email ?? `${label.replace(/\W+/g, '-')}-${id.slice(0, 8)}@example.test`)
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, is_anonymous, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, $4, $5, now(), now())`,
    [
      id,
      email,
      JSON.stringify({ provider: anonymous ? 'anonymous' : 'email' }),
      JSON.stringify(user.metadata ?? {}),
      anonymous,
    ],
  )
  if (user.mobileVerified !== false) await markMobileVerified(db, id)
  return {
    label,
    userId: id,
    context: {
      role: 'authenticated',
      claims: { sub: id, aud: 'authenticated', email: email ?? '', is_anonymous: anonymous },
    },
  }
}

/** Records the profile's current mobile number as verified (no-op without one). */
export async function markMobileVerified(db: Database, ownerId: string): Promise<void> {
  await db.query(
    `insert into public.mobile_verifications (owner_id, mobile_number, verified_at)
     select p.id, p.mobile_number, now() from public.profiles p
      where p.id = $1 and p.mobile_number is not null
     on conflict (owner_id) do update set mobile_number = excluded.mobile_number, verified_at = now()`,
    [ownerId],
  )
}

export function registeredMetadata(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    full_name: 'Ada Owner',
    dob: '1990-02-03',
    address: '1 High Street, York',
    county: 'North Yorkshire',
    country: 'United Kingdom',
    mobile_number: '07700900123',
    ...overrides,
  }
}

/** Runs one statement as the actor and returns its rows. */
export async function query<R extends Row = Row>(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return withRole(db, actor.context, async (tx) => (await tx.query<R>(sql, params)).rows)
}

/** Runs one statement as the actor and returns the number of rows it changed. */
export async function affected(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<number> {
  return withRole(db, actor.context, async (tx) => (await tx.query(sql, params)).affectedRows ?? 0)
}

type PgError = { code?: string; message?: string; detail?: string; hint?: string }

/** Awaits a promise that must fail with the given SQLSTATE (and message, detail, hint, if given). */
export async function expectPgError(
  promise: Promise<unknown>,
  expected: { code: string; message?: string | RegExp; detail?: string; hint?: string },
): Promise<PgError> {
  let caught: unknown = null
  try {
    await promise
  } catch (error) {
    caught = error
  }
  expect(caught, 'expected the statement to fail').not.toBeNull()
  const error = caught as PgError
  expect(error.code).toBe(expected.code)
  if (typeof expected.message === 'string') expect(error.message).toBe(expected.message)
  if (expected.message instanceof RegExp) expect(error.message).toMatch(expected.message)
  if (expected.detail !== undefined) expect(error.detail).toBe(expected.detail)
  if (expected.hint !== undefined) expect(error.hint).toBe(expected.hint)
  return error
}

export const RLS_VIOLATION = /violates row-level security policy/
export const PERMISSION_DENIED = /permission denied/

/** Mints a tag as the service role and returns its codes. */
export async function mintTag(db: Database): Promise<{ code: string; activation_code: string }> {
  const [tag] = await query<{ code: string; activation_code: string }>(
    db,
    serviceRole,
    "select * from public.mint_tags(1, 'test')",
  )
  if (!tag) throw new Error('mint_tags returned nothing')
  return tag
}

export type ItemRow = {
  id: string
  tag_id: string
  tag_code: string
  owner_id: string
  name: string
  status: string | null
  found_by: string | null
}

/** Mints a tag and activates it for the owner (as the activate-tag function does); returns the item. */
export async function giveItem(
  db: Database,
  owner: Actor,
  name = 'Blue backpack',
): Promise<ItemRow> {
  const tag = await mintTag(db)
  const [row] = await query<{ result: { outcome: string; item?: ItemRow } }>(
    db,
    serviceRole,
    'select public.activate_tag($1, $2, $3, $4) as result',
    [owner.userId, tag.code, tag.activation_code, name],
  )
  if (row?.result.outcome !== 'activated' || !row.result.item) {
    throw new Error(`activate_tag answered ${JSON.stringify(row?.result)}`)
  }
  return row.result.item
}

export type { Report as ReportResult } from '../../local-supabase/testing/chat-fixtures.ts'

export async function reportFound(
  db: Database,
  tagCode: string,
  finder: Actor,
  details: Partial<Record<'name' | 'email' | 'phone' | 'address' | 'location', string>> = {},
): Promise<ReportResult> {
  const [result] = await query<ReportResult>(
    db,
    serviceRole,
    'select * from public.create_found_report($1, $2, $3, $4, $5, $6, $7, $8)',
    [
      tagCode,
      finder.userId,
      details.name ?? 'Fiona Finder',
      details.email ?? 'fiona@example.test',
      details.phone ?? '07700900456',
      details.address ?? '2 Low Road, Leeds',
      details.location ?? 'On the 8:15 train to Leeds',
      SITE_URL,
    ],
  )
  if (!result) throw new Error('create_found_report returned nothing')
  return result
}
