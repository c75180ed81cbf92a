/**
 * Abuse limits through the real Edge Functions on the local stack, with the
 * unmodified supabase-js: activate-tag (per account, never locking out the
 * buyer; the owner's own tag), and report-found (proof of work, per tag and per
 * finder limits with Retry-After; many finders behind one address all get through,
 * with harder proofs as the address gets busier).
 */
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createFunctionsGateway } from '../../local-supabase/functions/gateway.ts'
import { activatedItem, seededUser } from '../../local-supabase/testing/chat-fixtures.ts'
import {
  serviceClient,
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'
import { DEFAULT_MAX_NUMBER } from '../../supabase/functions/_shared/proof-of-work.ts'
import { writeProviderEnv } from '../../local-supabase/testing/provider-env.ts'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

const functionsDir = fileURLToPath(new URL('../../supabase/functions', import.meta.url))
const configPath = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))
const SITE = 'http://localhost:5173'

let stack: TestStack
let server: Server
let apiUrl: string
let envDir: string
let gateway: Awaited<ReturnType<typeof createFunctionsGateway>>

beforeAll(async () => {
  // Auto-confirmed sign-ups (the CLI's default), so signUp returns a session.
  stack = await startTestStack({ auth: { enableConfirmations: false } })
  const provider = await writeProviderEnv(stack.inboxUrl, SITE)
  envDir = provider.envDir
  gateway = await createFunctionsGateway({
    ...stack.context,
    // behind a trusted proxy, each forwarded address has its own per-address limit
    // (client-address.test.ts checks that a client's own headers count for nothing)
    config: { ...stack.context.config, trustProxy: true },
    apiUrl: stack.apiUrl,
    functionsDir,
    configPath,
    envFile: provider.envFile,
  })
  const app = new Hono()
  app.mount('/functions/v1', (request, env) => gateway.app.fetch(request, env))
  app.all('*', (c) => {
    const url = new URL(c.req.url)
    return fetch(`${stack.apiUrl}${url.pathname}${url.search}`, c.req.raw)
  })
  server = createServer(getRequestListener(app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await gateway?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await stack?.close()
  if (envDir) await rm(envDir, { recursive: true, force: true })
})

function newClient(headers: Record<string, string> = {}): SupabaseClient {
  return createClient(apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers },
    realtime: { transport: WebSocket as never },
  })
}

async function registeredOwner(): Promise<SupabaseClient> {
  const sb = newClient()
  const { error } = await sb.auth.signUp({ email: uniqueEmail('owner'), password: 'owner-pass-1' })
  expect(error).toBeNull()
  return sb
}

type Answer = { status: number; body: unknown; retryAfter: string | null }

async function call(
  sb: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<Answer> {
  const { data, error } = await sb.functions.invoke(name, { body })
  if (!error) return { status: 200, body: data, retryAfter: null }
  if (!(error instanceof FunctionsHttpError)) throw error
  const response = error.context as Response
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
  }
}

async function mint(count: number): Promise<{ code: string; activation_code: string }[]> {
  const { data, error } = await serviceClient(stack).rpc('mint_tags', { count, batch: 'abuse' })
  expect(error).toBeNull()
  return data as { code: string; activation_code: string }[]
}

describe('activate-tag', () => {
  it("another account's guesses throttle that account only; the buyer activates; re-entering says it is theirs", async () => {
    const [tag] = await mint(1)
    const attacker = await registeredOwner()
    const answers: number[] = []
    for (let guess = 0; guess < 7; guess += 1) {
      const answer = await call(attacker, 'activate-tag', {
        tagId: tag!.code,
        activationCode: `WRONG${guess}`,
        itemName: 'Mine now',
      })
      answers.push(answer.status)
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    expect(answers).toEqual([400, 400, 400, 400, 400, 429, 429])

    const buyer = await registeredOwner()
    const activated = await call(buyer, 'activate-tag', {
      tagId: tag!.code.toLowerCase(),
      activationCode: tag!.activation_code,
      itemName: 'Bike',
    })
    expect(activated.status).toBe(200)
    expect(activated.body).toMatchObject({ item: { name: 'Bike', tag_code: tag!.code } })

    const again = await call(buyer, 'activate-tag', {
      tagId: tag!.code,
      activationCode: tag!.activation_code,
      itemName: 'Bike',
    })
    expect(again).toMatchObject({
      status: 409,
      body: {
        error: { code: 'already_yours', message: 'already_yours' },
      },
    })
  })

  it('refuses bad input with 400 and a clear message', async () => {
    const owner = await registeredOwner()
    for (const body of [
      { tagId: 'HW\u0000X', activationCode: 'A', itemName: 'Keys' },
      { tagId: 42, activationCode: 'A', itemName: 'Keys' },
      {
        tagId: 'HWX',
        activationCode: 'A',
        itemName: 'Keys',
        deep: JSON.parse('['.repeat(20) + ']'.repeat(20)) as unknown,
      },
    ]) {
      const answer = await call(owner, 'activate-tag', body)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ error: { code: 'invalid_input' } })
    }
  })

  it('refuses an anonymous finder', async () => {
    const finder = newClient()
    await finder.auth.signInAnonymously()
    const answer = await call(finder, 'activate-tag', {
      tagId: 'HWX',
      activationCode: 'A',
      itemName: 'K',
    })
    expect(answer.status).toBe(403)
  })
})

describe('report-found', () => {
  async function finderFrom(address?: string): Promise<SupabaseClient> {
    const finder = newClient(address ? { 'x-forwarded-for': `${address}, 10.0.0.1` } : {})
    const { error } = await finder.auth.signInAnonymously()
    expect(error).toBeNull()
    return finder
  }

  const report = async (finder: SupabaseClient, tagCode: string, proof?: unknown) =>
    call(finder, 'report-found', {
      tagCode,
      name: 'Fiona',
      email: uniqueEmail('finder'),
      foundLocation: 'Bench',
      proof,
    })

  it('needs a proof of work, once', async () => {
    const owner = await seededUser(stack)
    const { tagCode } = await activatedItem(stack, owner.id, 'Umbrella')
    const finder = await finderFrom()
    expect(await report(finder, tagCode)).toMatchObject({
      status: 400,
      body: { error: { code: 'proof_required' } },
    })
    const proof = await solvedProof(finder)
    expect((await report(finder, tagCode, { ...proof, number: proof.number + 1 })).status).toBe(403)
    expect((await report(finder, tagCode, proof)).status).toBe(200)
    expect(await report(finder, tagCode, proof)).toMatchObject({
      status: 403,
      body: { error: { code: 'proof_failed' } },
    })
  })

  it('refuses the 4th report on a tag within the hour with 429 and Retry-After', async () => {
    const owner = await seededUser(stack)
    const { tagCode } = await activatedItem(stack, owner.id, 'Camera')
    const statuses: number[] = []
    let last: Answer | null = null
    for (let n = 0; n < 4; n += 1) {
      const finder = await finderFrom()
      last = await report(finder, tagCode, await solvedProof(finder))
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(Number(last?.retryAfter)).toBeGreaterThan(0)
    expect(last?.body).toMatchObject({
      error: { message: 'too_many_reports_for_tag' },
    })
  })

  it('lets 50 finders behind one address report within the hour, each proof harder as the address gets busier', async () => {
    // One address for everything here: the functions see 203.0.113.50 (a trusted
    // proxy's X-Forwarded-For), and Auth sees every anonymous sign-in of this file
    // come from this machine, under config.toml's [auth.rate_limit] anonymous_users.
    const owner = await seededUser(stack)
    const statuses: number[] = []
    const maxNumbers: number[] = []
    for (let n = 0; n < 50; n += 1) {
      const { tagCode } = await activatedItem(stack, owner.id, `Desk thing ${n}`)
      const finder = await finderFrom('203.0.113.50')
      const proof = await solvedProof(finder)
      maxNumbers.push(proof.maxNumber)
      statuses.push((await report(finder, tagCode, proof)).status)
    }
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 200))
    // the first ones at the base difficulty, then doubling as the volume grows
    expect(maxNumbers[0]).toBe(DEFAULT_MAX_NUMBER)
    for (let n = 1; n < 50; n += 1) expect(maxNumbers[n]).toBeGreaterThanOrEqual(maxNumbers[n - 1]!)
    expect(maxNumbers[49]).toBeGreaterThanOrEqual(4 * DEFAULT_MAX_NUMBER)
    // another address still starts at the base
    const { tagCode } = await activatedItem(stack, owner.id, 'Elsewhere')
    const elsewhere = await finderFrom('198.51.100.8')
    const proof = await solvedProof(elsewhere)
    expect(proof.maxNumber).toBe(DEFAULT_MAX_NUMBER)
    expect((await report(elsewhere, tagCode, proof)).status).toBe(200)
  })

  it("still refuses a finder's 6th report within the hour", async () => {
    const owner = await seededUser(stack)
    const finder = await finderFrom('192.0.2.60')
    const statuses: number[] = []
    let last: Answer | null = null
    for (let n = 0; n < 6; n += 1) {
      const { tagCode } = await activatedItem(stack, owner.id, `Busy ${n}`)
      last = await report(finder, tagCode, await solvedProof(finder))
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(Number(last?.retryAfter)).toBeGreaterThan(0)
    expect(last?.body).toMatchObject({
      error: { message: 'too_many_reports_from_you' },
    })
  })
})
