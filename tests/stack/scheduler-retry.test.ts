/**
 * Outbox retries on the local stack come from the migrations' cron job alone:
 * a report's SMS fails at a provider that is down, and is delivered by a later
 * run of the 'dispatch-notifications' job (cron → app_private →
 * net.http_post with the Vault secrets → the real Edge Function in Deno).
 * Nothing in this test calls the function.
 */
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import {
  activatedItem,
  reportFound,
  seededUser,
} from '../../local-supabase/testing/chat-fixtures.ts'
import {
  serviceClient,
  startTestStack,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import { writeProviderEnv } from '../../local-supabase/testing/provider-env.ts'
import { eventually } from '../../local-supabase/testing/realtime-support.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

let stack: TestStack
let provider: Server
let envDir: string
/** SMS requests the fake provider refused: it is down for the first one. */
let refusedSms = 0

beforeAll(async () => {
  // The functions' Twilio and e-mail API: fails the first SMS, passes everything else to the dev inbox.
  let inboxUrl = ''
  provider = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url?.includes('/Messages.json') && refusedSms < 1) {
        refusedSms += 1
        response.writeHead(503, { 'content-type': 'application/json' })
        response.end('{"code":20500,"message":"Service unavailable","status":503}')
        return
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) =>
          typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)
            ? [[name, value]]
            : [],
        ),
      )
      fetch(`${inboxUrl}${request.url}`, {
        method: request.method ?? 'POST',
        headers,
        body: Buffer.concat(chunks),
      })
        .then(async (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          })
          response.end(await answer.text())
        })
        .catch(() => response.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  const env = await writeProviderEnv(providerUrl, 'http://localhost:5173')
  envDir = env.envDir
  stack = await startTestStack(
    {},
    { functions: true, scheduler: true, functionsEnvFile: env.envFile },
  )
  inboxUrl = stack.inboxUrl
})

afterAll(async () => {
  await stack?.close()
  provider?.closeAllConnections()
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()))
  if (envDir) await rm(envDir, { recursive: true, force: true })
})

type OutboxRow = { channel: string; status: string; attempts: number; last_error: string | null }

async function outbox(reportId: string): Promise<OutboxRow[]> {
  const { rows } = await stack.context.db.query<OutboxRow>(
    `select channel, status, attempts, last_error from public.notifications
      where report_id = $1 order by channel, recipient`,
    [reportId],
  )
  return rows
}

it('a failed SMS is retried by the migrations cron job until it is sent', async () => {
  const owner = await seededUser(stack)
  await stack.context.db.query(
    `insert into public.profiles (id, email, full_name, mobile_number) values ($1, $2, 'Olivia', '07700 900123')`,
    [owner.id, `owner-${owner.id}@example.com`],
  )
  // A verified number: report texts go to no other.
  await stack.context.db.query(
    `insert into public.mobile_verifications (owner_id, mobile_number, verified_at) values ($1, '07700 900123', now())`,
    [owner.id],
  )
  const { tagCode } = await activatedItem(stack, owner.id, 'Blue rucksack')
  const finder = await seededUser(stack, { isAnonymous: true })
  // The outbox rows only: nothing is sent until the cron job runs.
  const report = await reportFound(serviceClient(stack), tagCode, finder.id)

  // First run of the job: the e-mails go, the SMS fails and backs off.
  const failed = await eventually(
    async () => {
      const rows = await outbox(report.report_id)
      const sms = rows.find((row) => row.channel === 'sms')
      return sms?.attempts === 1 && sms.status === 'pending' ? rows : null
    },
    'the first, failed SMS attempt',
    60_000,
  )
  expect(refusedSms).toBe(1)
  expect(failed.find((row) => row.channel === 'sms')?.last_error).toMatch(/503/)

  // The backoff has passed (30 s at least): make the row due now instead of waiting.
  await stack.context.db.query(
    `update public.notifications set next_attempt_at = now() where report_id = $1 and channel = 'sms'`,
    [report.report_id],
  )
  const sent = await eventually(
    async () => {
      const rows = await outbox(report.report_id)
      return rows.every((row) => row.status === 'sent') ? rows : null
    },
    'the SMS sent by a later run',
    60_000,
  )
  expect(sent.find((row) => row.channel === 'sms')).toMatchObject({ status: 'sent', attempts: 2 })
  const sms = (await (await fetch(`${stack.inboxUrl}/api/v1/sms`)).json()) as {
    messages: { To: string; Body: string }[]
  }
  expect(sms.messages.filter((m) => m.To === '+447700900123')).toHaveLength(1)

  // Both deliveries were cron runs calling the function through pg_net.
  const runs = await stack.context.db.query<{ status: string }>(
    `select d.status from cron.job_run_details d join cron.job j using (jobid)
      where j.jobname = 'dispatch-notifications'`,
  )
  expect(runs.rows.filter((run) => run.status === 'succeeded').length).toBeGreaterThanOrEqual(2)
  // pg_net records each answer after the function has sent it (the row is 'sent' by then)
  const calls = await eventually(
    async () => {
      const { rows } = await stack.context.db.query<{ status_code: number }>(
        'select status_code from net._http_response order by id',
      )
      return rows.length >= 2 ? rows : null
    },
    "pg_net's record of both calls",
    10_000,
  )
  expect(calls.every((call) => call.status_code === 200)).toBe(true)
})
