/**
 * purge_finder_data timing: 7 days after the item is marked FOUND again, or
 * 30 days after the report, whichever comes first; never before.
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
  type ReportResult,
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

async function reportWithMessage(): Promise<ReportResult> {
  const item = await giveItem(db, owner, 'Camera')
  const finder = await createUser(db, 'finder', { anonymous: true })
  const report = await reportFound(db, item.tag_code, finder)
  await query(db, finder, 'insert into public.messages (chat_id, body) values ($1, $2)', [
    report.chat_id,
    'I have your camera',
  ])
  return report
}

/** Moves the report's creation (and so its 30-day deadline) into the past. */
async function reportAgo(report: ReportResult, age: string): Promise<void> {
  await query(
    db,
    serviceRole,
    `update public.found_reports
        set created_at = now() - $2::interval, purge_after = now() - $2::interval + interval '30 days'
      where id = $1`,
    [report.report_id, age],
  )
}

async function foundAgo(report: ReportResult, age: string): Promise<void> {
  await query(db, owner, "update public.items set status = 'FOUND' where id = $1", [report.item_id])
  await query(
    db,
    serviceRole,
    'update public.items set status_changed_at = now() - $2::interval where id = $1',
    [report.item_id, age],
  )
}

async function state(report: ReportResult) {
  const [row] = await query<{ finder_name: string | null; messages: number }>(
    db,
    serviceRole,
    `select r.finder_name,
            (select count(*)::int from public.messages m where m.chat_id = $2) as messages
       from public.found_reports r where r.id = $1`,
    [report.report_id, report.chat_id],
  )
  return row
}

const purge = () => query(db, serviceRole, 'select public.purge_finder_data()')

describe('purge_finder_data', () => {
  it('purges 7 days after the item is marked FOUND again, not before', async () => {
    const report = await reportWithMessage()
    await reportAgo(report, '10 days')
    await foundAgo(report, '6 days 23 hours')
    await purge()
    expect(await state(report)).toEqual({ finder_name: 'Fiona Finder', messages: 1 })

    await foundAgo(report, '7 days 1 minute')
    await purge()
    expect(await state(report)).toEqual({ finder_name: null, messages: 0 })
  })

  it('purges 30 days after the report, not before, when the item is never marked FOUND', async () => {
    const report = await reportWithMessage()
    await reportAgo(report, '29 days 23 hours')
    await purge()
    expect(await state(report)).toEqual({ finder_name: 'Fiona Finder', messages: 1 })

    await reportAgo(report, '30 days 1 minute')
    await purge()
    expect(await state(report)).toEqual({ finder_name: null, messages: 0 })
  })

  it('a FOUND status set before the report does not count', async () => {
    const report = await reportWithMessage()
    await foundAgo(report, '8 days')
    await reportAgo(report, '1 day')
    await purge()
    expect(await state(report)).toEqual({ finder_name: 'Fiona Finder', messages: 1 })
  })

  it("closes the conversation it empties: the owner reads it as closed ('purged') and cannot write in it", async () => {
    const report = await reportWithMessage()
    await reportAgo(report, '30 days 1 minute')
    await purge()

    const [summary] = await query<{
      closed_reason: string | null
      finder_details_deleted_on: string | null
    }>(db, owner, 'select closed_reason, finder_details_deleted_on from public.chat_summary($1)', [
      report.chat_id,
    ])
    expect(summary).toEqual({ closed_reason: 'purged', finder_details_deleted_on: null })
    await expect(
      query(db, owner, 'insert into public.messages (chat_id, body) values ($1, $2)', [
        report.chat_id,
        'Are you still there?',
      ]),
    ).rejects.toThrow()
  })
})
