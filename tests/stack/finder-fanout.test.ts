/**
 * Finder fan-out against the local stack: the real report-found Edge Function in
 * Deno, the real SQL, the dev inbox as Twilio and e-mail endpoint. One report
 * answers at once, then gives one SMS to the owner (item name and the owner's
 * chat link) and two e-mails whose chat links work, and the finder's receipt.
 */
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import {
  outboxOf,
  SITE,
  startFanoutStack,
  until,
  type FanoutStack,
} from '../../local-supabase/testing/fanout-fixtures.ts'
import { firstLink, latestEmailTo } from '../../local-supabase/testing/test-stack.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

let fanout: FanoutStack

beforeAll(async () => {
  fanout = await startFanoutStack()
})

afterAll(async () => {
  await fanout?.close()
})

it('one report answers, then sends one SMS and two e-mails whose chat links work, and the finder sees the receipt', async () => {
  const { stack } = fanout
  const owner = await fanout.owner({ mobile: '07700 900123' })
  const finder = await fanout.finder()
  const finderEmail = `finder-${owner.id}@example.com`

  const { data, error } = await finder.functions.invoke<{
    reportId: string
    chatId: string
    chatUrl: string
  }>('report-found', {
    body: {
      tagCode: owner.tagCode.toLowerCase(),
      name: 'Fiona <b>Finder</b>',
      email: finderEmail,
      phone: '07700900456',
      address: '2 Mill Road',
      foundLocation: 'Bus stop',
      idempotencyKey: crypto.randomUUID(),
      proof: await solvedProof(finder),
    },
  })
  expect(error).toBeNull()
  expect(data?.chatUrl).toMatch(new RegExp(`^${SITE}/chat\\?chatId=${data?.chatId}#token=`))
  const reportId = data?.reportId ?? ''

  await until(
    async () => Object.values(await outboxOf(stack, reportId)).every((s) => s === 'sent'),
    'every notification accepted',
  )
  expect(await fanout.sms('+447700900123')).toEqual([
    expect.objectContaining({
      Body: expect.stringMatching(
        new RegExp(
          `^Your item was found! Blue rucksack\\. Chat with the finder: ${SITE}/chat\\?chatId=${data?.chatId} Ref [0-9A-F]{10}$`,
        ),
      ),
    }),
  ])
  const toOwner = await latestEmailTo(stack, owner.email)
  const toFinder = await latestEmailTo(stack, finderEmail)
  expect(toOwner?.Subject).toBe('Your item was found: Blue rucksack')
  expect(toOwner?.HTML).toContain('Fiona &lt;b&gt;Finder&lt;/b&gt;')
  expect(toFinder?.Text).toContain('or 30 days after your report')
  // The owner's link carries no capability (they log in); the finder's is the invite.
  const finderLink = firstLink(toFinder?.Text ?? '')
  expect(finderLink).toBe(data?.chatUrl)
  expect(firstLink(toOwner?.Text ?? '')).toBe(finderLink.split('#')[0])

  // The finder reads the receipt on their report (RLS: the finder who wrote it).
  const receipt = await finder
    .from('found_reports')
    .select('owner_notified_at, owner_notified_channels')
    .eq('id', reportId)
    .single()
  expect(receipt.error).toBeNull()
  expect(receipt.data?.owner_notified_channels).toEqual(['email', 'sms'])

  // The finder's link works: a fresh anonymous visitor (first to use it) joins with its token.
  const chatUrl = new URL(finderLink)
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
})

it('dispatch-notifications answers the secret key or the legacy service_role key (as the scheduler calls it) and refuses a finder', async () => {
  const { stack, apiUrl } = fanout
  expect(await fanout.dispatch()).toMatchObject({ claimed: expect.any(Number) })
  for (const key of [stack.config.secretKey, stack.config.serviceRoleKey]) {
    const scheduler = await fetch(`${apiUrl}/functions/v1/dispatch-notifications`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(scheduler.status).toBe(200)
  }
  const finder = await fanout.finder()
  const asFinder = await finder.functions.invoke('dispatch-notifications', { body: {} })
  expect((asFinder.response as Response | undefined)?.status).toBe(401)
})
