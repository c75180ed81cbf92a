/**
 * The scheduler stands in for pg_cron: it calls dispatch-notifications through
 * the functions API with the service role and runs purge_finder_data(), on the
 * configured intervals, and lists both in its start-up description.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import type { Database, QueryResult, Row } from '../../local-supabase/db/types.ts'
import { startScheduler, type Scheduler } from '../../local-supabase/scheduler.ts'
import { eventually } from './realtime-support.ts'

type Seen = {
  method: string
  url: string
  authorization: string | undefined
  apikey: string | undefined
}

let server: Server | null = null
let scheduler: Scheduler | null = null

afterEach(async () => {
  scheduler?.stop()
  scheduler = null
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = null
})

async function fakeApi(status = 200): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  server = createServer((request: IncomingMessage, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      apikey: request.headers.apikey as string | undefined,
    })
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"sent":0}')
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

function fakeDb(queries: string[]): Database {
  const result: QueryResult = { rows: [{ purged: 0 }], fields: [] }
  return {
    query: async <R extends Row = Row>(sql: string) => {
      queries.push(sql)
      return result as QueryResult<R>
    },
    exec: async () => {},
    transaction: async () => {
      throw new Error('not used')
    },
    listen: async () => async () => {},
    close: async () => {},
  }
}

const log = pino({ level: 'silent' })

describe('scheduler', () => {
  it('calls dispatch-notifications with the service role and purges finder data', async () => {
    const api = await fakeApi()
    const queries: string[] = []
    const config = parseConfig(
      {},
      { schedules: { dispatchNotificationsSeconds: 1, purgeFinderDataSeconds: 1 } },
    )
    scheduler = startScheduler({ db: fakeDb(queries), config, log, apiUrl: api.url })
    await eventually(() => api.seen.length >= 2 && queries.length >= 1, 'two runs', 5000)
    expect(api.seen[0]).toEqual({
      method: 'POST',
      url: '/functions/v1/dispatch-notifications',
      authorization: `Bearer ${config.serviceRoleKey}`,
      apikey: config.serviceRoleKey,
    })
    expect(queries[0]).toContain('purge_finder_data()')
  })

  it('describes its jobs for the start-up lines and honours 0 = off', async () => {
    const api = await fakeApi()
    const queries: string[] = []
    const config = parseConfig(
      {},
      { schedules: { dispatchNotificationsSeconds: 10, purgeFinderDataSeconds: 0 } },
    )
    scheduler = startScheduler({ db: fakeDb(queries), config, log, apiUrl: api.url })
    expect(scheduler.describe()).toEqual([
      'dispatch-notifications: every 10 s — POST /functions/v1/dispatch-notifications (service role)',
      'purge-finder-data: off',
    ])
  })

  it('keeps running after a failed dispatch and stops when asked', async () => {
    const api = await fakeApi(500)
    const config = parseConfig(
      {},
      { schedules: { dispatchNotificationsSeconds: 1, purgeFinderDataSeconds: 0 } },
    )
    scheduler = startScheduler({ db: fakeDb([]), config, log, apiUrl: api.url })
    await eventually(() => api.seen.length >= 2, 'a second run after a failure', 5000)
    scheduler.stop()
    const count = api.seen.length
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(api.seen.length).toBe(count)
  })
})
