/**
 * Finder fan-out against the local stack: the real report-found Edge Function in
 * Deno, the real SQL, the dev inbox as Twilio and e-mail endpoint. One report →
 * one SMS to the owner and two e-mails, each with a chat link that lets the
 * finder join the chat.
 */
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createFunctionsGateway } from '../../local-supabase/functions/gateway.ts'
import { activatedItem, seededUser } from './chat-fixtures.ts'
import { firstLink, latestEmailTo, startTestStack, type TestStack } from './helpers.ts'
import { solvedProof } from './proof-of-work.ts'
import { writeProviderEnv } from './provider-env.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

const functionsDir = fileURLToPath(new URL('../../supabase/functions', import.meta.url))
const configPath = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))
const SITE = 'http://localhost:5173'

let stack: TestStack
let server: Server
let apiUrl: string
let envDir: string
let gateway: Awaited<ReturnType<typeof createFunctionsGateway>>

beforeAll(async () => {
  stack = await startTestStack()
  const provider = await writeProviderEnv(stack.inboxUrl, SITE)
  envDir = provider.envDir
  const envFile = provider.envFile
  gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl: stack.apiUrl,
    functionsDir,
    configPath,
    envFile,
  })
  // One origin for the finder's client: functions here, everything else to the stack.
  const app = new Hono()
  app.mount('/functions/v1', (request) => gateway.app.fetch(request))
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

it('one report sends one SMS and two e-mails whose chat link works', async () => {
  const owner = await seededUser(stack)
  const ownerEmail = `owner-${owner.id}@example.com`
  await stack.context.db.query(
    `insert into public.profiles (id, email, full_name, mobile_number) values ($1, $2, 'Olivia', '07700 900123')`,
    [owner.id, ownerEmail],
  )
  const { tagCode } = await activatedItem(stack, owner.id, 'Blue rucksack')
  const finder = createClient(apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const signIn = await finder.auth.signInAnonymously()
  expect(signIn.error).toBeNull()
  const finderEmail = `finder-${owner.id}@example.com`

  const { data, error } = await finder.functions.invoke<{ chatId: string; chatUrl: string }>(
    'report-found',
    {
      body: {
        tagCode: tagCode.toLowerCase(),
        name: 'Fiona <b>Finder</b>',
        email: finderEmail,
        phone: '07700900456',
        address: '2 Mill Road',
        foundLocation: 'Bus stop',
        proof: await solvedProof(finder),
      },
    },
  )
  expect(error).toBeNull()
  expect(data?.chatUrl).toMatch(new RegExp(`^${SITE}/chat\\?chatId=${data?.chatId}#token=`))

  // Sent before the function answered: no waiting for the scheduler.
  const sms = (await (await fetch(`${stack.inboxUrl}/api/v1/sms`)).json()) as {
    messages: { To: string; Body: string }[]
  }
  expect(sms.messages.filter((m) => m.To === '+447700900123')).toEqual([
    expect.objectContaining({ To: '+447700900123', Body: 'Your item was found!' }),
  ])
  const toOwner = await latestEmailTo(stack, ownerEmail)
  const toFinder = await latestEmailTo(stack, finderEmail)
  expect(toOwner?.HTML).toContain('Fiona &lt;b&gt;Finder&lt;/b&gt;')
  expect(toFinder?.Text).toContain('or 30 days after your report')
  const ownerLink = firstLink(toOwner?.Text ?? '')
  expect(firstLink(toFinder?.Text ?? '')).toBe(ownerLink)
  expect(ownerLink).toBe(data?.chatUrl)

  // The link works: a third, fresh anonymous visitor joins with its token.
  const chatUrl = new URL(ownerLink)
  const visitor = createClient(stack.apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  await visitor.auth.signInAnonymously()
  const joined = await visitor.rpc('join_chat', {
    chat_id: chatUrl.searchParams.get('chatId'),
    token: chatUrl.hash.replace('#token=', ''),
  })
  expect(joined.error).toBeNull()
  expect(joined.data).toBe('finder')

  const rows = await stack.context.db.query<{ status: string }>(
    `select n.status from public.notifications n join public.found_reports r on r.id = n.report_id
     join public.items i on i.id = r.item_id where i.tag_code = $1`,
    [tagCode],
  )
  expect(rows.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
})

it('dispatch-notifications answers the service role (as the scheduler calls it) and refuses a finder', async () => {
  const service = createClient(apiUrl, stack.config.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const asService = await service.functions.invoke('dispatch-notifications', { body: {} })
  expect(asService.error).toBeNull()
  expect(asService.data).toMatchObject({ claimed: expect.any(Number) })
  const scheduler = await fetch(`${apiUrl}/functions/v1/dispatch-notifications`, {
    method: 'POST',
    headers: {
      apikey: stack.config.serviceRoleKey,
      authorization: `Bearer ${stack.config.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: '{}',
  })
  expect(scheduler.status).toBe(200)
  const finder = createClient(apiUrl, stack.config.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  await finder.auth.signInAnonymously()
  const asFinder = await finder.functions.invoke('dispatch-notifications', { body: {} })
  expect((asFinder.response as Response | undefined)?.status).toBe(403)
})
