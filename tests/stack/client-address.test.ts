/**
 * report-found's per-address limit on the local stack counts the connection's
 * own address: the functions gateway passes it on in X-Forwarded-For, as a proxy
 * does, and what a client sends itself (X-Forwarded-For, CF-Connecting-IP,
 * X-Real-IP) counts for nothing unless a trusted proxy is configured
 * (LOCAL_SUPABASE_TRUST_PROXY, off by default).
 */
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { activatedItem, seededUser } from '../../local-supabase/testing/chat-fixtures.ts'
import {
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 })

let stack: TestStack
beforeAll(async () => {
  // the stack's own gateway, as `npm start` serves it
  stack = await startTestStack({}, { functions: true })
})
afterAll(async () => {
  await stack?.close()
})

async function finder(headers: Record<string, string> = {}): Promise<SupabaseClient> {
  const sb = createClient(stack.apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: WebSocket as never },
  })
  const { error } = await sb.auth.signInAnonymously()
  expect(error).toBeNull()
  return sb
}

async function report(sb: SupabaseClient, tagCode: string) {
  const { error } = await sb.functions.invoke('report-found', {
    body: {
      tagCode,
      name: 'Fiona',
      email: uniqueEmail('finder'),
      foundLocation: 'Bench',
      proof: await solvedProof(sb),
    },
  })
  if (!error) return { status: 200, body: null }
  if (!(error instanceof FunctionsHttpError)) throw error
  const response = error.context as Response
  return { status: response.status, body: (await response.json()) as unknown }
}

it('counts reports sent without forwarding headers by their connection, and rotated headers do not evade it', async () => {
  const owner = await seededUser(stack)
  const statuses: number[] = []
  for (let n = 0; n < 5; n += 1) {
    const { tagCode } = await activatedItem(stack, owner.id, `Thing ${n}`)
    statuses.push((await report(await finder(), tagCode)).status)
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200])
  for (const headers of <Record<string, string>[]>[
    {},
    { 'X-Forwarded-For': '203.0.113.7' },
    { 'CF-Connecting-IP': '198.51.100.9' },
    {
      'X-Forwarded-For': '192.0.2.1, 10.0.0.1',
      'CF-Connecting-IP': '192.0.2.2',
      'X-Real-IP': '192.0.2.3',
    },
  ]) {
    const { tagCode } = await activatedItem(stack, owner.id, 'One more')
    const answer = await report(await finder(headers), tagCode)
    expect(answer, JSON.stringify(headers)).toMatchObject({
      status: 429,
      body: {
        error: {
          message: 'You have sent several reports in a short time. Please try again later.',
        },
      },
    })
  }
})
