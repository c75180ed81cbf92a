/**
 * The retention periods are owned by app_private.retention_periods: the purge
 * applies whatever the table says (the privacy notice shows the same rows, see
 * tests/build), and purge_reports purges exactly the reports it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../local-supabase/db/types.ts'
import {
  createUser,
  giveItem,
  openTestDatabase,
  query,
  registeredMetadata,
  reportFound,
  serviceRole,
  type Actor,
} from './helpers.ts'

let db: Database
let owner: Actor

beforeAll(async () => {
  db = await openTestDatabase()
  owner = await createUser(db, 'owner', { metadata: registeredMetadata() })
})

afterAll(async () => {
  await db?.close()
})

const purge = () => query(db, serviceRole, 'select public.purge_finder_data() as n')

async function setPeriod(name: string, keepFor: string) {
  await db.query(
    'update app_private.retention_periods set keep_for = $2::interval where name = $1',
    [name, keepFor],
  )
}

async function isPurged(reportId: string): Promise<boolean> {
  const { rows } = await db.query<{ purged: boolean }>(
    'select purged_at is not null as purged from public.found_reports where id = $1',
    [reportId],
  )
  return rows[0]?.purged ?? false
}

describe('retention periods', () => {
  it('holds the rules the privacy notice states', async () => {
    const { rows } = await db.query<{ name: string; keep_for: string }>(
      'select name, keep_for::text from app_private.retention_periods order by name',
    )
    expect(rows).toEqual([
      { name: 'abuse_records', keep_for: '1 day' },
      { name: 'case_link_after_end', keep_for: '30 days' },
      { name: 'finder_details_after_found', keep_for: '7 days' },
      { name: 'finder_details_after_report', keep_for: '30 days' },
      { name: 'kept_conversations', keep_for: '90 days' },
    ])
  })

  it('the purge follows the table: a shorter period after the report purges sooner', async () => {
    const item = await giveItem(db, owner, 'Scarf')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    await db.query(
      "update public.found_reports set created_at = now() - interval '11 days' where id = $1",
      [report.report_id],
    )
    await purge()
    expect(await isPurged(report.report_id)).toBe(false)

    await setPeriod('finder_details_after_report', '10 days')
    try {
      await purge()
      expect(await isPurged(report.report_id)).toBe(true)
    } finally {
      await setPeriod('finder_details_after_report', '30 days')
    }
  })

  it('the purge follows the table after the item is marked FOUND', async () => {
    const item = await giveItem(db, owner, 'Gloves')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    await db.query(`update public.items set status = 'FOUND' where id = $1`, [item.id])
    await db.query(
      "update public.found_reports set created_at = now() - interval '4 days' where id = $1",
      [report.report_id],
    )
    await db.query(
      "update public.items set status_changed_at = now() - interval '3 days' where id = $1",
      [item.id],
    )
    await purge()
    expect(await isPurged(report.report_id)).toBe(false)

    await setPeriod('finder_details_after_found', '2 days')
    try {
      await purge()
      expect(await isPurged(report.report_id)).toBe(true)
    } finally {
      await setPeriod('finder_details_after_found', '7 days')
    }
  })

  it('closing a conversation dates the deletion by the same period after FOUND', async () => {
    const item = await giveItem(db, owner, 'Scarf')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    await setPeriod('finder_details_after_found', '3 days')
    try {
      const [returned] = await query<{ days: number }>(
        db,
        owner,
        `select round(extract(epoch from finder_details_deleted_on - now()) / 86400)::int as days
           from public.mark_item_returned($1)`,
        [item.id],
      )
      expect(returned).toEqual({ days: 3 })
    } finally {
      await setPeriod('finder_details_after_found', '7 days')
    }
    const { rows } = await db.query<{ days: number }>(
      `select round(extract(epoch from r.purge_after - c.closed_at) / 86400)::int as days
         from public.found_reports r join public.chats c on c.report_id = r.id
        where r.id = $1`,
      [report.report_id],
    )
    expect(rows).toEqual([{ days: 3 }])
  })

  it("a new report's purge_after is the period after the report", async () => {
    const item = await giveItem(db, owner, 'Hat')
    const finder = await createUser(db, 'finder', { anonymous: true })
    const report = await reportFound(db, item.tag_code, finder)
    const { rows } = await db.query<{ days: number }>(
      `select round(extract(epoch from purge_after - created_at) / 86400)::int as days
         from public.found_reports where id = $1`,
      [report.report_id],
    )
    expect(rows).toEqual([{ days: 30 }])
  })
})
