/**
 * The reminder delay and quiet hours as an operator setting (public.reminder_settings,
 * behind `npm run settings -- reminders`): the service role reads and changes them,
 * nobody else can, and bad values are refused in words, leaving the row as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  expectPgError,
  noSession,
  openTestDatabase,
  query,
  serviceRole,
} from './helpers.ts'

let db: Database

beforeAll(async () => {
  db = await openTestDatabase()
})

afterAll(async () => {
  await db?.close()
})

type Row = { remind_after: string; quiet_from: string; quiet_until: string }
const stored = async () =>
  (
    await db.query<Row>(
      `select remind_after::text, to_char(quiet_from, 'HH24:MI') as quiet_from,
              to_char(quiet_until, 'HH24:MI') as quiet_until
         from app_private.escalation_settings`,
    )
  ).rows[0]

describe('reminder_settings', () => {
  it('reads the defaults: 15 minutes, quiet 22:00-07:00', async () => {
    const [row] = await query<{ settings: Record<string, unknown> }>(
      db,
      serviceRole,
      'select public.reminder_settings() as settings',
    )
    expect(row?.settings).toEqual({
      enabled: true,
      remind_after: '00:15:00',
      remind_within: '24:00:00',
      quiet_from: '22:00',
      quiet_until: '07:00',
      time_zone: 'Europe/London',
    })
  })

  it('changes the delay and the quiet hours, each alone', async () => {
    await query(db, serviceRole, `select public.reminder_settings(remind_after => '30 minutes')`)
    expect(await stored()).toEqual({
      remind_after: '00:30:00',
      quiet_from: '22:00',
      quiet_until: '07:00',
    })
    await query(
      db,
      serviceRole,
      `select public.reminder_settings(quiet_from => '23:00', quiet_until => '06:30')`,
    )
    expect(await stored()).toEqual({
      remind_after: '00:30:00',
      quiet_from: '23:00',
      quiet_until: '06:30',
    })
  })

  it('refuses a delay of nothing or past the reminder window, and half a quiet range', async () => {
    const before = await stored()
    const zero = await expectPgError(
      query(db, serviceRole, `select public.reminder_settings(remind_after => '0 minutes')`),
      { code: 'P0001', message: 'invalid_input' },
    )
    expect(zero.detail).toBe(
      'the reminder delay must be more than 0 and less than 24:00:00 (no reminder after that)',
    )
    await expectPgError(
      query(db, serviceRole, `select public.reminder_settings(remind_after => '2 days')`),
      { code: 'P0001', message: 'invalid_input' },
    )
    const half = await expectPgError(
      query(db, serviceRole, `select public.reminder_settings(quiet_from => '22:00')`),
      { code: 'P0001', message: 'invalid_input' },
    )
    expect(half.detail).toBe('quiet hours need both a start and an end (the same time for none)')
    expect(await stored()).toEqual(before)
  })

  it('is refused to anyone but the service role', async () => {
    const owner = await createUser(db, 'owner')
    for (const actor of [noSession, owner]) {
      await expectPgError(
        query(db, actor, `select public.reminder_settings(remind_after => '1 minute')`),
        { code: '42501', message: /permission denied/ },
      )
    }
    expect((await stored())?.remind_after).not.toBe('00:01:00')
  })
})
