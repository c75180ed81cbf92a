import assert from 'node:assert/strict'
import { renderPush } from './notification-templates.ts'
import { dispatchOutbox, pushFor } from './notifications.ts'
import { FakeOutbox, FakeProviders, type NewRow } from './testing/fake-outbox.ts'

const DEVICE = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
}
const CHAT = '1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80'

function pushRow(id: string, overrides: Partial<NewRow> = {}): NewRow {
  return {
    id,
    dedupe_key: `r1:found_push:${id}`,
    channel: 'push',
    template: 'found_push',
    recipient: 'sub-1',
    payload: {
      ...DEVICE,
      item_name: 'Red violin',
      chat_id: CHAT,
      chat_url: `http://localhost:5173/chat?chatId=${CHAT}`,
      // what a found report's other alerts carry; a push must never show it
      finder_name: 'Fiona Finder',
      finder_email: 'fiona@example.com',
      finder_phone: '07700 900123',
    },
    report_id: 'r1',
    ...overrides,
  }
}

Deno.test(
  'a found report’s push names the item and opens the owner’s chat, nothing of the finder',
  () => {
    const row = {
      ...pushRow('p1'),
      attempts: 1,
      lease_id: 'l',
      outcome_unknown: false,
      lookup_only: false,
      locked_until: null,
      first_attempt_at: null,
    }
    const push = pushFor(row)
    assert.deepEqual(push.content, {
      title: 'Homeward',
      body: 'Someone found your Red violin',
      url: `http://localhost:5173/chat?chatId=${CHAT}`,
      tag: `chat:${CHAT}`,
    })
    assert.equal(push.urgency, 'high')
    assert.equal(push.ttlSeconds, 86400)
    assert.equal(push.topic, CHAT.replace(/-/g, ''))
    assert.deepEqual(push.target, DEVICE)
    const shown = JSON.stringify(push.content)
    for (const secret of ['Fiona', 'fiona@example.com', '07700']) assert.ok(!shown.includes(secret))
    assert.equal(
      renderPush({ ...row, template: 'message_push' }).body,
      'New message about your Red violin',
    )
    // The owner is told which language the finder writes in (not for English).
    assert.equal(
      renderPush({ ...row, payload: { ...row.payload, finder_language: 'ar' } }).body,
      'Someone found your Red violin. The finder writes in Arabic.',
    )
    assert.equal(
      renderPush({ ...row, payload: { ...row.payload, finder_language: 'en' } }).body,
      'Someone found your Red violin',
    )
  },
)

Deno.test('an accepted push is sent; a refused one is retried with backoff', async () => {
  const db = new FakeOutbox()
  const providers = new FakeProviders()
  db.add(pushRow('p1'))
  db.add(pushRow('p2', { recipient: 'sub-2', dedupe_key: 'r1:found_push:p2' }))
  providers.pushBehaviour = ['accept', 'rate_limit']
  const summary = await dispatchOutbox(db, providers, { maxRows: 10 })
  assert.deepEqual(summary, { claimed: 2, sent: 1, failed: 1, unknown: 0 })
  assert.equal(db.byKey('r1:found_push:p1').status, 'sent')
  assert.equal(db.byKey('r1:found_push:p2').status, 'pending')
  assert.equal(providers.pushes.length, 1)
})

Deno.test(
  'a device its push service calls gone (404/410) is removed and never pushed again',
  async () => {
    const db = new FakeOutbox()
    const providers = new FakeProviders()
    db.add(pushRow('p1'))
    providers.pushBehaviour = ['gone']
    await dispatchOutbox(db, providers, { maxRows: 10 })
    assert.equal(db.byKey('r1:found_push:p1').status, 'failed')
    assert.deepEqual(db.goneSubscriptions, ['sub-1'])
    db.add(pushRow('p3', { dedupe_key: 'r1:message_push:p3', template: 'message_push' }))
    db.later()
    assert.deepEqual(await dispatchOutbox(db, providers, { maxRows: 10 }), {
      claimed: 1,
      sent: 1,
      failed: 0,
      unknown: 0,
    })
  },
)

Deno.test('a push whose answer was lost is sent again (the device shows one per tag)', async () => {
  const db = new FakeOutbox()
  const providers = new FakeProviders()
  db.add(pushRow('p1'))
  providers.pushBehaviour = ['accept_then_lose_answer']
  await dispatchOutbox(db, providers, { maxRows: 10 })
  assert.equal(db.byKey('r1:found_push:p1').status, 'unknown')
  db.later()
  await dispatchOutbox(db, providers, { maxRows: 10 })
  assert.equal(db.byKey('r1:found_push:p1').status, 'sent')
  assert.equal(providers.pushes.length, 2)
  assert.equal(new Set(providers.pushes.map((p) => p.content.tag)).size, 1)
})
