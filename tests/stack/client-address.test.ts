/**
 * The proof of work's difficulty grows with the client address's recent volume
 * (pow-challenge, app_private.proof_difficulty), and the local stack counts the
 * connection's own address: the functions gateway passes it on in X-Forwarded-For, as a proxy
 * does, and what a client sends itself (X-Forwarded-For, CF-Connecting-IP,
 * X-Real-IP) counts for nothing unless a trusted proxy is configured
 * (LOCAL_SUPABASE_TRUST_PROXY, off by default).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 })

let stack: TestStack
beforeAll(async () => {
  // the stack's own gateway, as `npm start` serves it
  // Two challenges an hour at the base difficulty, then each one more doubles it.
  stack = await startTestStack({ limits: { proof_free_per_address: 2 } }, { functions: true })
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

/** The number of tries the challenge this finder is given asks for. */
async function challengeSize(sb: SupabaseClient): Promise<number> {
  const { data, error } = await sb.functions.invoke<{ maxNumber: number }>('pow-challenge')
  if (error || !data) throw new Error(`pow-challenge failed: ${error?.message}`)
  return data.maxNumber
}

it('counts challenges sent without forwarding headers by their connection, and rotated headers do not evade it', async () => {
  const base = await challengeSize(await finder())
  expect(await challengeSize(await finder())).toBe(base)
  const sizes: number[] = []
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
    sizes.push(await challengeSize(await finder(headers)))
  }
  // Every one past the two free ones is harder than the base, whatever the headers say.
  for (const size of sizes) expect(size).toBeGreaterThan(base)
  expect(sizes[3]).toBeGreaterThanOrEqual(sizes[0]!)
})
