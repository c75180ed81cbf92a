import assert from 'node:assert/strict'
import { renderEmail, renderSms, smsSegments, SMS_OPENING } from './notification-templates.ts'
import {
  createDeliveryKicker,
  deliver,
  dispatchOutbox,
  httpProviders,
  type NotificationRow,
  smsFor,
  smsReference,
} from './notifications.ts'
import { toE164 } from './providers/twilio.ts'
import { FakeOutbox, FakeProviders } from './testing/fake-outbox.ts'

const CONFIG = {
  twilio: {
    apiUrl: 'http://inbox/',
    accountSid: 'AC123',
    authToken: 'secret',
    from: '+447700900000',
    timeoutMs: 50,
  },
  email: {
    apiUrl: 'http://inbox',
    apiKey: 're_key',
    from: 'Homeward <no-reply@homeward.test>',
    timeoutMs: 50,
  },
  push: {
    publicKey:
      'BKt71QezhcJD9VxMmjzLcn0AVUkq7hKH-Gi7zf5ZD1QCGLw5VCTo9ISbiyvCp7l9Y7NsL1rYV-fPXkBpXTFua7o',
    privateKey: 'a3LBMVqbagtwQY8ogo7q4WlYKTQzcYvQKo0jLIJWm3I',
    subject: 'mailto:support@homeward.example',
    timeoutMs: 50,
  },
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> }

/** A fetch that answers from a script: a status, a thrown error, or no answer until aborted. */
function scriptedFetch(answers: Array<Answer | Error | 'hang'>) {
  const requests: Request[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    requests.push(new Request(input, init))
    const answer = answers.shift() ?? { status: 200, body: { id: 'default' } }
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    }
    if (answer instanceof Error) return Promise.reject(answer)
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers }),
    )
  }
  return { requests, fetchImpl }
}

const PAYLOAD = {
  item_name: 'Blue rucksack',
  finder_name: 'Fiona <b>Finder</b>',
  finder_email: 'fiona@example.com',
  finder_phone: '',
  finder_address: '',
  found_location: 'Bus stop',
  chat_url: 'http://localhost:5173/chat?chatId=1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80#token=secret',
}

function row(overrides: Partial<NotificationRow> = {}): NotificationRow {
  return {
    id: '3f9a0c1b-2d4e-4f60-8a71-b2c3d4e5f607',
    dedupe_key: 'r1:found_sms',
    channel: 'sms',
    template: 'found_sms',
    recipient: '07700 900123',
    payload: PAYLOAD,
    attempts: 1,
    lease_id: 'lease-1',
    outcome_unknown: false,
    lookup_only: false,
    locked_until: null,
    first_attempt_at: null,
    ...overrides,
  }
}

Deno.test('UK numbers are normalised to E.164', () => {
  assert.equal(toE164('07700 900123'), '+447700900123')
  assert.equal(toE164('+44 (0)7700 900123'), '+447700900123')
  assert.equal(toE164('+447700900123'), '+447700900123')
  assert.equal(toE164('0044 7700 900123'), '+447700900123')
  assert.equal(toE164('07700900123#123'), '+447700900123')
})

Deno.test(
  "the SMS starts with the spec's words, names the item and links the owner's chat without a capability, in one segment",
  () => {
    const body = renderSms(row(), '3F9A0C1B2D')
    assert.equal(
      body,
      'Your item was found! Blue rucksack. Chat with the finder: http://localhost:5173/chat?chatId=1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80 Ref 3F9A0C1B2D',
    )
    assert.equal(smsFor(row()).body, body)
    assert.equal(smsSegments(body), 1)
    assert.ok(!body.includes('token'))
    const long = renderSms(row({ payload: { ...PAYLOAD, item_name: 'A'.repeat(200) } }), 'REF')
    assert.ok(long.startsWith(`${SMS_OPENING} AAAA`))
    assert.ok(long.includes('...'))
    assert.equal(smsSegments(long), 1)
    // A name outside GSM-7 (an emoji) makes it UCS-2 (70 units): the name gives way to the link.
    const emoji = renderSms(row({ payload: { ...PAYLOAD, item_name: 'Keys 🔑' } }), 'REF')
    assert.ok(emoji.startsWith(SMS_OPENING))
    assert.ok(emoji.endsWith('/chat?chatId=1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80 Ref REF'))
  },
)

Deno.test(
  'the reminder SMS says the finder is waiting, without announcing the find again, in one segment',
  () => {
    const reminder = renderSms(row({ template: 'reminder_sms' }), '3F9A0C1B2D')
    assert.equal(
      reminder,
      'Reminder: the finder of your Blue rucksack is waiting: http://localhost:5173/chat?chatId=1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80 Ref 3F9A0C1B2D',
    )
    assert.ok(!reminder.includes(SMS_OPENING))
    assert.equal(smsSegments(reminder), 1)
    const long = renderSms(
      row({ template: 'reminder_sms', payload: { ...PAYLOAD, item_name: 'B'.repeat(200) } }),
      'REF',
    )
    assert.ok(long.startsWith('Reminder: the finder of your BBBB'))
    assert.ok(long.includes('...'))
    assert.equal(smsSegments(long), 1)
    const unnamed = renderSms(
      row({ template: 'reminder_sms', payload: { ...PAYLOAD, item_name: '' } }),
      'REF',
    )
    assert.ok(unnamed.startsWith('Reminder: the finder of your item is waiting: http'))
  },
)

Deno.test('segments: GSM-7 160 septets (extension characters count twice), UCS-2 70', () => {
  assert.equal(smsSegments('a'.repeat(160)), 1)
  assert.equal(smsSegments('a'.repeat(161)), 2)
  assert.equal(smsSegments('{'.repeat(80)), 1)
  assert.equal(smsSegments('{'.repeat(81)), 2)
  assert.equal(smsSegments('é'.repeat(160)), 1)
  assert.equal(smsSegments('ł'.repeat(70)), 1)
  assert.equal(smsSegments('ł'.repeat(71)), 2)
})

Deno.test(
  'the owner e-mail: brand, item, escaped finder details without empty rows, a button, a text part',
  () => {
    const email = renderEmail(
      row({
        channel: 'email',
        template: 'owner_found_email',
        dedupe_key: 'r1:owner_found_email',
        recipient: 'o@example.com',
      }),
    )
    assert.equal(email.subject, 'Your item was found: Blue rucksack')
    assert.equal(email.idempotencyKey, 'r1:owner_found_email')
    assert.match(email.html, />Homeward</)
    assert.match(email.html, /<strong>Blue rucksack<\/strong>/)
    assert.match(email.html, /Fiona &lt;b&gt;Finder&lt;\/b&gt;/)
    assert.ok(!email.html.includes('<b>Finder'))
    assert.ok(!email.html.includes('Phone number'), 'an empty phone has no row')
    assert.ok(!email.html.includes('>Address<'), 'an empty address has no row')
    assert.match(
      email.html,
      /<a href="http:\/\/localhost:5173\/chat\?chatId=[^"]+"[^>]*>Open the chat<\/a>/,
    )
    assert.match(email.text, /^Your item was found!\n/)
    assert.match(email.text, /Name: Fiona <b>Finder<\/b>\n/)
    assert.ok(!email.text.includes('Phone number:'))
    assert.match(email.text, /Open the chat: http:\/\/localhost:5173\/chat\?chatId=/)
    const thanks = renderEmail(
      row({ channel: 'email', template: 'finder_thanks_email', recipient: 'f@example.com' }),
    )
    assert.match(thanks.html, /Thank you, Fiona &lt;b&gt;Finder&lt;\/b&gt;!/)
    assert.match(thanks.text, /30 days after your report/)
    assert.match(thanks.text, /#token=secret/)
  },
)

Deno.test(
  'SMS goes to Twilio form-encoded with basic auth; an answer is accepted with its sid',
  async () => {
    const { requests, fetchImpl } = scriptedFetch([{ status: 201, body: { sid: 'SM42' } }])
    const result = await httpProviders(CONFIG, fetchImpl).sendSms({
      to: '+447700900123',
      body: 'Hi Ref R1',
      reference: 'R1',
    })
    assert.deepEqual(result, { outcome: 'accepted', providerId: 'SM42' })
    const request = requests[0]
    assert.equal(request?.url, 'http://inbox/2010-04-01/Accounts/AC123/Messages.json')
    assert.equal(request?.headers.get('authorization'), `Basic ${btoa('AC123:secret')}`)
    const form = new URLSearchParams(await request?.text())
    assert.equal(form.get('To'), '+447700900123')
    assert.equal(form.get('From'), '+447700900000')
    assert.equal(form.get('Body'), 'Hi Ref R1')
  },
)

Deno.test(
  'a provider call past its deadline is unknown, a refused connection or a 503 is refused, another SMS 5xx is unknown',
  async () => {
    const hung = scriptedFetch(['hang', 'hang'])
    const providers = httpProviders(CONFIG, hung.fetchImpl)
    const sms = await providers.sendSms({ to: '+447700900123', body: 'Hi', reference: 'R' })
    assert.equal(sms.outcome, 'unknown')
    const email = await providers.sendEmail({
      to: 'a@b.co',
      subject: 's',
      html: 'h',
      text: 't',
      idempotencyKey: 'k',
    })
    assert.equal(email.outcome, 'unknown')

    const down = scriptedFetch([
      new TypeError('error sending request: tcp connect error: Connection refused (os error 111)'),
      new TypeError('connection reset by peer'),
      { status: 502, body: {} },
      { status: 400, body: { code: 21211 } },
    ])
    const p = httpProviders(CONFIG, down.fetchImpl)
    assert.equal((await p.sendSms({ to: '+44', body: 'x', reference: 'R' })).outcome, 'refused')
    assert.equal((await p.sendSms({ to: '+44', body: 'x', reference: 'R' })).outcome, 'unknown')
    assert.equal((await p.sendSms({ to: '+44', body: 'x', reference: 'R' })).outcome, 'unknown')
    assert.equal((await p.sendSms({ to: '+44', body: 'x', reference: 'R' })).outcome, 'refused')
  },
)

Deno.test(
  'e-mail goes to POST /emails with the idempotency key; a 429 is refused with its Retry-After',
  async () => {
    const message = {
      to: 'a@example.com',
      subject: 's',
      html: '<p>h</p>',
      text: 'h',
      idempotencyKey: 'r:t',
    }
    const ok = scriptedFetch([
      { status: 200, body: { id: 'em_1' } },
      { status: 429, body: { name: 'rate_limit_exceeded' }, headers: { 'retry-after': '7' } },
      { status: 409, body: { name: 'concurrent_idempotent_requests' } },
    ])
    const providers = httpProviders(CONFIG, ok.fetchImpl)
    assert.deepEqual(await providers.sendEmail(message), {
      outcome: 'accepted',
      providerId: 'em_1',
    })
    assert.equal(ok.requests[0]?.url, 'http://inbox/emails')
    assert.equal(ok.requests[0]?.headers.get('idempotency-key'), 'r:t')
    assert.equal(ok.requests[0]?.headers.get('authorization'), 'Bearer re_key')
    const sent = await ok.requests[0]?.json()
    assert.deepEqual(sent.to, ['a@example.com'])
    assert.equal(sent.text, 'h')
    const limited = await providers.sendEmail(message)
    assert.equal(limited.outcome, 'refused')
    assert.equal(limited.outcome === 'refused' && limited.retryAfterSeconds, 7)
    assert.equal((await providers.sendEmail(message)).outcome, 'unknown')
  },
)

Deno.test(
  "the SMS lookup reads Twilio's whole message list for the number and matches the reference",
  async () => {
    const page = (messages: unknown[], next: string | null = null) => ({
      status: 200,
      body: { messages, next_page_uri: next },
    })
    const nextUri = '/2010-04-01/Accounts/AC123/Messages.json?To=%2B447700900123&Page=1&PageToken=x'
    const { requests, fetchImpl } = scriptedFetch([
      // found on the second page, by its reference (Twilio may add to the text)
      page(
        [{ sid: 'SMother', to: '+447700900123', body: 'Your item was found! Ref 0000000000' }],
        nextUri,
      ),
      page([
        { sid: 'SM9', to: '+447700900123', body: 'Sent from a trial account - Hi Ref 3F9A0C1B2D' },
      ]),
      // the whole list read, nothing: a certain "not found"
      page([{ sid: 'SMsame', to: '+447700900999', body: 'Hi Ref 3F9A0C1B2D' }]),
      // an error is no answer
      { status: 503, body: {} },
      // a list longer than we read is no answer either
      ...Array.from({ length: 5 }, () => page([], nextUri)),
    ])
    const providers = httpProviders(CONFIG, fetchImpl)
    const message = { to: '+447700900123', body: 'Hi Ref 3F9A0C1B2D', reference: '3F9A0C1B2D' }
    assert.deepEqual(await providers.findSms(message), { found: true, providerId: 'SM9' })
    const first = new URL(requests[0]?.url ?? '')
    assert.equal(first.pathname, '/2010-04-01/Accounts/AC123/Messages.json')
    assert.equal(first.searchParams.get('To'), '+447700900123')
    assert.equal(first.searchParams.get('DateSent>'), null, 'queued messages have no DateSent')
    assert.equal(requests[0]?.method, 'GET')
    assert.equal(requests[1]?.url, `http://inbox${nextUri}`)
    assert.deepEqual(await providers.findSms(message), { found: false })
    await assert.rejects(providers.findSms(message), /HTTP 503/)
    await assert.rejects(providers.findSms(message), /not read to the end/)
  },
)

Deno.test('each SMS carries its own short reference, the same on every attempt', () => {
  const a = row({ id: '3f9a0c1b-2d4e-4f60-8a71-b2c3d4e5f607' })
  const b = row({ id: '7c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5' })
  assert.equal(smsReference(a), '3F9A0C1B2D')
  assert.equal(smsFor(a).reference, '3F9A0C1B2D')
  assert.ok(smsFor(a).body.endsWith(' Ref 3F9A0C1B2D'))
  assert.equal(smsFor({ ...a, attempts: 5 }).body, smsFor(a).body)
  assert.notEqual(smsFor(b).reference, smsFor(a).reference)
})

/** One report's three rows, as create_found_report writes them. */
function outboxWithReport(outbox = new FakeOutbox(), report = 'r1') {
  const payload = { ...PAYLOAD, chat_url: `http://localhost:5173/chat?chatId=${report}#token=t` }
  const base = { payload, report_id: report }
  outbox.add({
    ...base,
    id: crypto.randomUUID(),
    dedupe_key: `${report}:found_sms`,
    channel: 'sms',
    template: 'found_sms',
    recipient: '07700900123',
  })
  outbox.add({
    ...base,
    id: `${report}-owner`,
    dedupe_key: `${report}:owner_found_email`,
    channel: 'email',
    template: 'owner_found_email',
    recipient: 'o@example.com',
  })
  outbox.add({
    ...base,
    id: `${report}-finder`,
    dedupe_key: `${report}:finder_thanks_email`,
    channel: 'email',
    template: 'finder_thanks_email',
    recipient: 'f@example.com',
  })
  return outbox
}

Deno.test(
  'slow provider: the call times out as unknown, and the next run finds the SMS instead of sending it again',
  async () => {
    const outbox = outboxWithReport()
    const providers = new FakeProviders()
    providers.smsBehaviour = ['accept_then_lose_answer']
    const first = await dispatchOutbox(outbox, providers)
    assert.deepEqual(first, { claimed: 3, sent: 2, failed: 0, unknown: 1 })
    assert.equal(outbox.byKey('r1:found_sms').status, 'unknown')
    assert.equal(
      await dispatchOutbox(outbox, providers).then((s) => s.claimed),
      0,
      'not before its backoff',
    )
    outbox.later()
    const second = await dispatchOutbox(outbox, providers)
    assert.deepEqual(second, { claimed: 1, sent: 1, failed: 0, unknown: 0 })
    assert.equal(providers.lookups, 1)
    assert.equal(providers.sms.length, 1, 'one SMS only')
    assert.equal(outbox.byKey('r1:found_sms').provider_id, 'SM1')
  },
)

Deno.test(
  'an unknown SMS the provider never got is sent after the lookup; a failed lookup sends nothing',
  async () => {
    const outbox = outboxWithReport()
    const providers = new FakeProviders()
    providers.smsBehaviour = ['hang']
    const running = dispatchOutbox(outbox, providers)
    await new Promise((resolve) => setTimeout(resolve, 10))
    providers.releaseHung()
    assert.equal((await running).unknown, 1)
    assert.equal(providers.sms.length, 0)
    outbox.later()
    providers.lookupFails = 1
    assert.equal((await dispatchOutbox(outbox, providers)).unknown, 1)
    assert.equal(providers.sms.length, 0, 'no resend while the lookup fails')
    outbox.later()
    assert.equal((await dispatchOutbox(outbox, providers)).sent, 1)
    assert.equal(providers.sms.length, 1)
    assert.equal(outbox.byKey('r1:found_sms').status, 'sent')
  },
)

Deno.test(
  'a provider that accepts after our deadline, with a look-up that lags: never a second SMS',
  async () => {
    const outbox = outboxWithReport()
    const providers = new FakeProviders()
    providers.smsBehaviour = ['accept_then_lose_answer']
    providers.unlisted = 1
    assert.equal((await dispatchOutbox(outbox, providers)).unknown, 1)
    const row = outbox.byKey('r1:found_sms')
    assert.equal(row.resend_after, outbox.now + outbox.resendWindowMs)
    // Looked up while the answer window and look-up lag are open: not listed, not resent.
    let lookedUp = 0
    while (row.next_attempt_at < (row.resend_after ?? 0)) {
      outbox.now = row.next_attempt_at
      assert.deepEqual(await dispatchOutbox(outbox, providers), {
        claimed: 1,
        sent: 0,
        failed: 0,
        unknown: 1,
      })
      lookedUp += 1
      assert.equal(providers.sms.length, 1)
      assert.ok(row.next_attempt_at <= (row.resend_after ?? 0), 'next try by the window end')
    }
    assert.ok(lookedUp >= 2)
    // The provider lists it: found, recorded, still one SMS.
    providers.unlisted = 0
    outbox.now = row.next_attempt_at
    assert.equal((await dispatchOutbox(outbox, providers)).sent, 1)
    assert.equal(providers.sms.length, 1)
    assert.equal(row.status, 'sent')
    assert.equal(row.provider_id, 'SM1')
  },
)

Deno.test(
  'an SMS the provider never took is sent again once its answer window and look-up lag have passed, not before',
  async () => {
    const outbox = outboxWithReport()
    const providers = new FakeProviders()
    providers.smsBehaviour = ['hang']
    const running = dispatchOutbox(outbox, providers)
    await new Promise((resolve) => setTimeout(resolve, 10))
    providers.releaseHung()
    assert.equal((await running).unknown, 1)
    const row = outbox.byKey('r1:found_sms')
    const resendAfter = row.resend_after ?? 0
    while (row.next_attempt_at < resendAfter) {
      outbox.now = row.next_attempt_at
      assert.equal((await dispatchOutbox(outbox, providers)).unknown, 1)
      assert.equal(providers.sms.length, 0, 'no resend inside the window')
    }
    outbox.now = resendAfter
    assert.equal((await dispatchOutbox(outbox, providers)).sent, 1)
    assert.equal(providers.sms.length, 1)
    assert.ok(providers.lookups >= 2)
  },
)

Deno.test('an SMS whose outcome is unknown is not resent with too little lease left', async () => {
  const recorded: Array<{ sent: boolean | undefined }> = []
  const db = new FakeOutbox()
  db.unknown = (_row, _error, options) => {
    recorded.push({ sent: options?.sent })
    return Promise.resolve()
  }
  const providers = new FakeProviders()
  const late = row({
    outcome_unknown: true,
    lookup_only: false,
    locked_until: new Date(Date.now() + 5_000).toISOString(),
  })
  assert.equal(await deliver(late, db, providers), 'unknown')
  assert.equal(providers.sms.length, 0)
  assert.deepEqual(recorded, [{ sent: false }])
  // with the lease's time ahead it is sent
  const early = { ...late, locked_until: new Date(Date.now() + 60_000).toISOString() }
  db.complete = () => Promise.resolve()
  assert.equal(await deliver(early, db, providers), 'sent')
  assert.equal(providers.sms.length, 1)
})

Deno.test('provider down then up: refused rows back off and are sent once it is back', async () => {
  const outbox = outboxWithReport()
  const providers = new FakeProviders()
  providers.smsBehaviour = ['unreachable', 'unreachable']
  providers.emailBehaviour = ['unreachable', 'unreachable', 'unreachable', 'unreachable']
  assert.equal((await dispatchOutbox(outbox, providers)).failed, 3)
  outbox.later()
  assert.equal((await dispatchOutbox(outbox, providers)).failed, 3)
  assert.ok(outbox.rows.every((r) => r.status === 'pending' && r.attempts === 2))
  outbox.later()
  assert.equal((await dispatchOutbox(outbox, providers)).sent, 3)
  assert.equal(providers.sms.length, 1)
  assert.equal(providers.emails.length, 2)
  assert.equal(providers.lookups, 0, 'a refused call needs no lookup')
})

Deno.test('e-mail 429 then up: waits at least Retry-After, then sends once', async () => {
  const outbox = outboxWithReport()
  const providers = new FakeProviders()
  providers.emailBehaviour = ['rate_limit', 'rate_limit']
  assert.deepEqual(await dispatchOutbox(outbox, providers), {
    claimed: 3,
    sent: 1,
    failed: 2,
    unknown: 0,
  })
  const limited = outbox.byKey('r1:owner_found_email')
  assert.ok(limited.next_attempt_at >= outbox.now + 120_000)
  outbox.later(60_000)
  assert.equal((await dispatchOutbox(outbox, providers)).claimed, 0)
  outbox.later(61_000)
  assert.equal((await dispatchOutbox(outbox, providers)).sent, 2)
  assert.equal(providers.emails.length, 2)
})

Deno.test(
  'crash between provider acceptance and recording: no duplicate SMS or e-mail',
  async () => {
    const outbox = outboxWithReport()
    const providers = new FakeProviders()
    // The dispatcher dies after the providers took everything: nothing is recorded.
    const dead: typeof outbox = Object.create(outbox)
    dead.complete = () => new Promise(() => {})
    void dispatchOutbox(dead, providers)
    await new Promise((resolve) => setTimeout(resolve, 10))
    assert.equal(providers.sms.length, 1)
    assert.equal(providers.emails.length, 2)
    assert.ok(outbox.rows.every((r) => r.status === 'sending'))
    assert.equal(
      (await dispatchOutbox(outbox, providers)).claimed,
      0,
      'held until the lease runs out',
    )
    outbox.later(61_000)
    const after = await dispatchOutbox(outbox, providers)
    assert.deepEqual(after, { claimed: 3, sent: 3, failed: 0, unknown: 0 })
    assert.equal(providers.sms.length, 1, 'the SMS was found, not resent')
    assert.equal(providers.emails.length, 2, 'the e-mails went with their idempotency keys')
    assert.ok(outbox.rows.every((r) => r.status === 'sent'))
  },
)

Deno.test('two dispatchers at once: each row is sent by one of them only', async () => {
  const outbox = new FakeOutbox()
  for (let i = 0; i < 10; i += 1) outboxWithReport(outbox, `r${i}`)
  const providers = new FakeProviders()
  providers.delayMs = 5
  const [a, b] = await Promise.all([
    dispatchOutbox(outbox, providers, { maxRows: 20 }),
    dispatchOutbox(outbox, providers, { maxRows: 20 }),
  ])
  assert.equal(a.claimed + b.claimed, 30)
  assert.equal(providers.sms.length, 10)
  assert.equal(providers.emails.length, 20)
  assert.equal(new Set(providers.sms.map((m) => m.body)).size, 10)
})

Deno.test('a stale holder cannot overwrite the row after its lease was taken over', async () => {
  const outbox = outboxWithReport()
  const [stale] = await outbox.claim({ maxRows: 1 })
  if (!stale) throw new Error('no row')
  outbox.later(61_000)
  const [fresh] = await outbox.claim({ maxRows: 1 })
  assert.equal(fresh?.id, stale.id)
  await outbox.fail(stale, 'late failure')
  assert.equal(outbox.byKey(stale.dedupe_key).status, 'sending')
  assert.equal(fresh?.outcome_unknown, true, 'an expired lease means the outcome is unknown')
})

Deno.test(
  'delivery after commits is coalesced: many kicks at once cost a few claims and send every row once',
  async () => {
    const outbox = new FakeOutbox()
    let claims = 0
    const counting: typeof outbox = Object.create(outbox)
    counting.claim = (options) => {
      claims += 1
      return new Promise((resolve) => setTimeout(resolve, 5)).then(() => outbox.claim(options))
    }
    const providers = new FakeProviders()
    const kick = createDeliveryKicker(counting, providers, 50)
    const kicks: Promise<void>[] = []
    for (let i = 0; i < 20; i += 1) {
      outboxWithReport(outbox, `k${i}`)
      kicks.push(kick())
    }
    await Promise.all(kicks)
    assert.ok(claims <= 3, `${claims} claims`)
    assert.equal(providers.sms.length, 20)
    assert.equal(providers.emails.length, 40)
    assert.ok(outbox.rows.every((r) => r.status === 'sent'))
  },
)

Deno.test("the finder's new-link e-mail carries the fresh link, escaped", () => {
  const email = renderEmail({
    dedupe_key: 'invite-1:finder_new_link_email',
    template: 'finder_new_link_email',
    recipient: 'fay@example.test',
    payload: { item_name: '<b>Bag</b>', chat_url: 'http://site/chat?chatId=c1#token=T&x' },
  })
  assert.equal(email.to, 'fay@example.test')
  assert.equal(email.subject, 'Your new chat link')
  assert.equal(email.idempotencyKey, 'invite-1:finder_new_link_email')
  assert.ok(email.html.includes('href="http://site/chat?chatId=c1#token=T&amp;x"'))
  assert.ok(email.html.includes('&lt;b&gt;Bag&lt;/b&gt;'))
  assert.ok(email.text.includes('http://site/chat?chatId=c1#token=T&x'))
})

Deno.test(
  "the finder's 'item is home' e-mail thanks them and gives the deletion date, escaped",
  () => {
    const email = renderEmail({
      dedupe_key: 'chat-1:finder_returned_email',
      template: 'finder_returned_email',
      recipient: 'fay@example.test',
      payload: {
        item_name: '<b>Bag</b>',
        finder_name: 'Fay',
        finder_details_deleted_on: '2026-12-03T14:05:00+00:00',
      },
    })
    assert.equal(email.to, 'fay@example.test')
    assert.equal(email.subject, '<b>Bag</b> is home: thank you')
    assert.equal(email.idempotencyKey, 'chat-1:finder_returned_email')
    assert.ok(email.html.includes('&lt;b&gt;Bag&lt;/b&gt;'))
    assert.ok(!email.html.includes('<b>Bag'))
    assert.ok(email.html.includes('Thank you, Fay!'))
    assert.ok(email.text.includes('Your details will be deleted on 3 December 2026.'))
    assert.ok(email.text.includes('conversation with the owner is now closed'))
    assert.ok(!email.html.includes('<a href'), 'no link to follow')
  },
)
Deno.test('goodbye notes: the account deletion and the closed chat, with no link to follow', () => {
  const deleted = renderEmail({
    dedupe_key: 'account_deleted:1',
    template: 'account_deleted_email',
    recipient: 'ada@example.test',
    payload: {},
  })
  assert.equal(deleted.to, 'ada@example.test')
  assert.equal(deleted.subject, 'Your Homeward account has been deleted')
  assert.match(deleted.text, /deleted your Homeward account/)
  assert.doesNotMatch(deleted.html, /<a href/)
  const closed = renderEmail({
    dedupe_key: 'chat_closed:1',
    template: 'chat_closed_email',
    recipient: 'fiona@example.test',
    payload: { reason: 'account_deleted', item_name: 'Blue <b>backpack</b>' },
  })
  assert.equal(closed.subject, 'The conversation about the item you found is closed')
  assert.match(closed.html, /Blue &lt;b&gt;backpack&lt;\/b&gt;/)
  assert.match(closed.text, /Your details have been deleted/)
})

Deno.test(
  'the mobile code SMS carries the code, how long it lasts and the reference, in one segment',
  () => {
    const text = renderSms(
      row({ template: 'mobile_code_sms', payload: { code: '042917', valid_minutes: 10 } }),
      '3F9A0C1B2D',
    )
    assert.equal(
      text,
      'Your Homeward code is 042917. Enter it on your dashboard within 10 minutes. Never share it. Ref 3F9A0C1B2D',
    )
    assert.equal(smsSegments(text), 1)
  },
)

Deno.test(
  "the alert SMS names the finder's language after the spec's words, never for English",
  () => {
    const polish = renderSms(row({ payload: { ...PAYLOAD, finder_language: 'pl' } }), '3F9A0C1B2D')
    // One segment still: the item's name gives way first (here all of it, beside the long local link).
    assert.equal(
      polish,
      'Your item was found! The finder writes in Polish. Chat with the finder: http://localhost:5173/chat?chatId=1f0e2c4a-8d1b-4c8e-9a43-2b1d5e6f7a80 Ref 3F9A0C1B2D',
    )
    assert.equal(smsSegments(polish), 1)
    // With a short link the name fits beside it.
    const short = renderSms(
      row({ payload: { ...PAYLOAD, chat_url: 'https://hw.uk/c/1', finder_language: 'uk' } }),
      'REF',
    )
    assert.equal(
      short,
      'Your item was found! Blue rucksack. The finder writes in Ukrainian. Chat with the finder: https://hw.uk/c/1 Ref REF',
    )
    for (const language of ['en', 'xx', undefined]) {
      const english = renderSms(row({ payload: { ...PAYLOAD, finder_language: language } }), 'R')
      assert.ok(!english.includes('writes in'), String(language))
      assert.ok(english.includes('Blue rucksack'))
    }
  },
)
