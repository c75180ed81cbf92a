/**
 * Web Push end to end on the local stack (issue 47): the real report-found and
 * dispatch-notifications functions in Deno send to the dev inbox's push
 * endpoint, which checks the VAPID signature and decrypts each push with the
 * private key of the subscription it made, as the owner's phone would; a
 * device answered 410 is removed and the held text goes; a push opened
 * (the chat) means no text.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import {
  startFanoutStack,
  until,
  type FanoutStack,
} from '../../local-supabase/testing/fanout-fixtures.ts'
import { solvedProof } from '../../local-supabase/testing/proof-of-work.ts'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 })

let fanout: FanoutStack

beforeAll(async () => {
  fanout = await startFanoutStack()
})

afterAll(async () => {
  await fanout?.close()
})

type Push = {
  SubscriptionId: string
  Status: number
  TTL: string
  Urgency: string
  Topic: string
  ContentEncoding: string
  Size: number
  Payload: string | null
  Problems: string[]
}

async function pushesTo(subscriptionId: string): Promise<Push[]> {
  const list = (await (await fetch(`${fanout.stack.inboxUrl}/api/v1/push`)).json()) as {
    pushes: Push[]
  }
  return list.pushes.filter((p) => p.SubscriptionId === subscriptionId)
}

/** A device made by the dev inbox (it keeps the private key), turned on for the owner. */
async function device(owner: SupabaseClient, browser = 'Chrome on Android') {
  const made = (await (
    await fetch(`${fanout.stack.inboxUrl}/push/subscriptions`, { method: 'POST' })
  ).json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } }
  const { data, error } = await owner.rpc('save_push_subscription', {
    endpoint: made.endpoint,
    p256dh: made.keys.p256dh,
    auth: made.keys.auth,
    browser,
  })
  if (error) throw new Error(`save_push_subscription: ${error.message}`)
  return { inboxId: made.id, rowId: data as string }
}

let serial = 0
async function report(tagCode: string) {
  serial += 1
  const finder = await fanout.finder()
  const { data, error } = await finder.functions.invoke<{ reportId: string; chatId: string }>(
    'report-found',
    {
      body: {
        tagCode,
        name: 'Fiona',
        email: `push-finder-${serial}-${Date.now()}@example.com`,
        phone: '07700900999',
        foundLocation: 'Bench',
        idempotencyKey: crypto.randomUUID(),
        proof: await solvedProof(finder),
      },
    },
  )
  if (error || !data) throw new Error(`report-found: ${error?.message}`)
  return { ...data, finder }
}

async function textStatus(reportId: string): Promise<string | undefined> {
  const { rows } = await fanout.stack.context.db.query<{ status: string }>(
    "select status from public.notifications where report_id = $1 and template = 'found_sms'",
    [reportId],
  )
  return rows[0]?.status
}

it('a report reaches the device as an RFC 8291 push it decrypts: the item, the chat, nothing of the finder', async () => {
  const owner = await fanout.owner({ mobile: '07700900301', itemName: 'Red violin' })
  const phone = await device(owner.client)
  const { chatId, finder } = await report(owner.tagCode)
  const [push] = await until(async () => {
    const got = await pushesTo(phone.inboxId)
    return got.length > 0 ? got : null
  }, 'the push of the report')
  expect(push).toMatchObject({
    Status: 201,
    TTL: '86400',
    Urgency: 'high',
    ContentEncoding: 'aes128gcm',
    Problems: [],
    Size: 4096,
  })
  expect(JSON.parse(push?.Payload ?? 'null')).toEqual({
    title: 'Homeward',
    body: 'Someone found your Red violin',
    url: `http://localhost:5173/chat?chatId=${chatId}`,
    tag: `chat:${chatId}`,
  })
  expect(push?.Payload).not.toMatch(/Fiona|07700900999|push-finder/)
  // its last use is shown to the owner
  const { data: devices } = await owner.client
    .from('push_subscriptions')
    .select('browser, last_used_at')
  expect(devices).toEqual([{ browser: 'Chrome on Android', last_used_at: expect.any(String) }])

  // a finder's message pushes too (coalesced in SQL), after the next dispatch run
  const { error } = await finder.from('messages').insert({ chat_id: chatId, body: 'Hi, I have it' })
  expect(error).toBeNull()
  await fanout.dispatch()
  const message = await until(async () => {
    const got = (await pushesTo(phone.inboxId)).find((p) => p.Payload?.includes('New message'))
    return got ?? null
  }, 'the push of the message')
  expect(JSON.parse(message.Payload ?? '{}')).toMatchObject({
    body: 'New message about your Red violin',
  })
  expect(message.Urgency).toBe('normal')
})

it('“only if I haven’t seen it”: the push is opened (the chat), no text is sent', async () => {
  const owner = await fanout.owner({ mobile: '07700900302', itemName: 'Blue scarf' })
  await owner.client
    .from('profiles')
    .update({ text_alerts: 'unseen', text_after_minutes: 1 })
    .eq('id', owner.id)
  const phone = await device(owner.client)
  const { reportId, chatId } = await report(owner.tagCode)
  await until(async () => (await pushesTo(phone.inboxId)).length > 0, 'the push')
  expect(await textStatus(reportId)).toBe('pending')
  // the owner taps the notification: the chat opens
  const { error } = await owner.client.rpc('mark_chat_opened', { chat_id: chatId })
  expect(error).toBeNull()
  expect(await textStatus(reportId)).toBe('cancelled')
  await fanout.stack.context.db.query(
    "update public.notifications set next_attempt_at = now() where report_id = $1 and template = 'found_sms'",
    [reportId],
  )
  await fanout.dispatch()
  expect(await fanout.sms('+447700900302')).toEqual([])
})

it('a device answered 410 is removed and the held text goes at once', async () => {
  const owner = await fanout.owner({ mobile: '07700900303', itemName: 'Green hat' })
  await owner.client
    .from('profiles')
    .update({ text_alerts: 'unseen', text_after_minutes: 30 })
    .eq('id', owner.id)
  // out of quiet hours whatever the time of the test
  await fanout.stack.context.db.query(
    "update app_private.escalation_settings set quiet_from = '00:00', quiet_until = '00:00'",
  )
  const phone = await device(owner.client)
  await fetch(`${fanout.stack.inboxUrl}/push/subscriptions/${phone.inboxId}/gone`, {
    method: 'POST',
  })
  const { reportId } = await report(owner.tagCode)
  await until(async () => (await pushesTo(phone.inboxId)).some((p) => p.Status === 410), 'the 410')
  await until(async () => {
    const { data } = await owner.client.from('push_subscriptions').select('id')
    return data?.length === 0
  }, 'the device removed')
  await fanout.dispatch()
  const texts = await until(async () => {
    const got = await fanout.sms('+447700900303')
    return got.length > 0 ? got : null
  }, 'the text')
  expect(texts[0]?.Body).toContain('Your item was found!')
  expect(await textStatus(reportId)).toBe('sent')
})
