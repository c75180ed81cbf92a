import assert from 'node:assert/strict'
import { FakeOutbox, FakeProviders } from '../_shared/testing/fake-outbox.ts'
import { PUBLISHABLE_KEY, SECRET_KEY, testCallers } from '../_shared/testing/callers.ts'
import { createHandler as createDispatcher } from '../dispatch-notifications/handler.ts'
import { type CreateReportArgs, createHandler, MESSAGES } from './handler.ts'

const ORIGIN = 'http://localhost:5173'
const SITE = 'http://localhost:5173'

const callers = await testCallers()
const FINDER_ID = 'f1d2e3c4-b5a6-4978-8a9b-0c1d2e3f4a5b'
const FINDER = await callers.user({ sub: FINDER_ID, isAnonymous: true })

type Owner = { email: string; mobile: string | null }

/** A stand-in for create_found_report_once: outbox rows as the SQL function writes them. */
function setup(owner: Owner = { email: 'owner@example.com', mobile: '07700 900123' }) {
  const outbox = new FakeOutbox()
  const providers = new FakeProviders()
  const calls: CreateReportArgs[] = []
  const background: Promise<unknown>[] = []
  const byKey = new Map<string, { report_id: string; chat_id: string; chat_url: string }>()
  let rpcError: { message: string; details?: string; hint?: string } | null = null
  let reports = 0
  const handler = createHandler({
    allowedOrigins: [ORIGIN],
    siteUrl: SITE,
    callerEnv: callers.env,
    checkProof: () => Promise.resolve({ challenge: 'c'.repeat(64), expiresAt: new Date() }),
    createReport: (args) => {
      calls.push(args)
      if (rpcError) return Promise.resolve({ data: null, error: rpcError })
      const earlier = args.idempotency_key
        ? byKey.get(`${args.finder_id}:${args.idempotency_key}`)
        : undefined
      if (earlier)
        return Promise.resolve({ data: [{ ...earlier, invite_token: null }], error: null })
      reports += 1
      const reportId = `report-${reports}`
      const chatId = `chat-${reports}`
      if (args.idempotency_key) {
        byKey.set(`${args.finder_id}:${args.idempotency_key}`, {
          report_id: reportId,
          chat_id: chatId,
          chat_url: `${args.site_url}/chat?chatId=${chatId}`,
        })
      }
      const payload = {
        item_name: 'Blue backpack',
        finder_name: args.finder_name,
        finder_email: args.finder_email,
        finder_phone: args.finder_phone,
        finder_address: args.finder_address,
        found_location: args.found_location,
        chat_url: `${args.site_url}/chat?chatId=${chatId}#token=secret${reports}`,
        // app_private.set_finder_language stamps it on every row of the report
        finder_language: args.finder_language,
      }
      const base = { payload, report_id: reportId }
      if (owner.mobile) {
        outbox.add({
          ...base,
          id: `a1b2c3d4-0000-4000-8000-${String(reports).padStart(12, '0')}`,
          dedupe_key: `${reportId}:found_sms`,
          channel: 'sms',
          template: 'found_sms',
          recipient: owner.mobile,
        })
      }
      outbox.add({
        ...base,
        id: `${reportId}-owner`,
        dedupe_key: `${reportId}:owner_found_email`,
        channel: 'email',
        template: 'owner_found_email',
        recipient: owner.email,
      })
      outbox.add({
        ...base,
        id: `${reportId}-finder`,
        dedupe_key: `${reportId}:finder_thanks_email`,
        channel: 'email',
        template: 'finder_thanks_email',
        recipient: args.finder_email,
      })
      return Promise.resolve({
        data: [
          {
            report_id: reportId,
            chat_id: chatId,
            invite_token: `secret${reports}`,
            chat_url: payload.chat_url,
          },
        ],
        error: null,
      })
    },
    db: outbox,
    providers,
    runInBackground: (work) => background.push(work),
  })
  const dispatcher = createDispatcher({
    allowedOrigins: [ORIGIN],
    callerEnv: callers.env,
    db: outbox,
    providers,
  })
  return {
    outbox,
    providers,
    calls,
    background,
    /** Waits for the delivery the handler started after answering. */
    delivered: () => Promise.all(background.splice(0)),
    failRpc: (error: { message: string; details?: string; hint?: string }) => (rpcError = error),
    report: (body: Record<string, unknown>, authorization = FINDER) =>
      handler(
        new Request('http://functions/report-found', {
          method: 'POST',
          headers: { authorization, origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    dispatch: (headers: Record<string, string> = { apikey: SECRET_KEY }) =>
      dispatcher(
        new Request('http://functions/dispatch-notifications', {
          method: 'POST',
          headers,
          body: '{}',
        }),
      ),
  }
}

const FINDER_BODY = {
  tagCode: ' hw7k3m9qpx ',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700 900999',
  address: '1 High Street, Leeds',
  foundLocation: 'On the 8:15 train',
}

Deno.test('a report answers the chat link first, then sends one SMS and two e-mails', async () => {
  const t = setup()
  const response = await t.report(FINDER_BODY)
  assert.equal(response.status, 200)
  const body = await response.json()
  assert.deepEqual(body, {
    reportId: 'report-1',
    chatId: 'chat-1',
    chatUrl: `${SITE}/chat?chatId=chat-1#token=secret1`,
  })
  assert.equal(t.calls[0]?.tag_code, 'HW7K3M9QPX')
  assert.equal(t.calls[0]?.finder_id, FINDER_ID)
  assert.equal(t.calls[0]?.idempotency_key, null)
  assert.equal(t.background.length, 1, 'delivery runs after the answer')
  await t.delivered()
  assert.deepEqual(
    t.providers.sms.map(({ to, body }) => ({ to, body })),
    [
      {
        to: '+447700900123',
        body: `Your item was found! Blue backpack. Chat with the finder: ${SITE}/chat?chatId=chat-1 Ref A1B2C3D400`,
      },
    ],
  )
  assert.equal(t.providers.emails.length, 2)
  const [owner, finder] = t.providers.emails
  assert.equal(owner?.to, 'owner@example.com')
  assert.match(owner?.html ?? '', /On the 8:15 train/)
  assert.match(owner?.html ?? '', /chatId=chat-1#token=secret1/)
  assert.equal(owner?.idempotencyKey, 'report-1:owner_found_email')
  assert.equal(finder?.to, 'ada@example.com')
  assert.match(
    finder?.text ?? '',
    /deleted 7 days after the owner marks the item found, or 30 days after your report/,
  )
  assert.match(finder?.html ?? '', /chatId=chat-1#token=secret1/)
  assert.ok(owner?.text.includes('Ada Lovelace'))
  assert.ok(t.outbox.rows.every((row) => row.status === 'sent'))
  assert.equal(response.headers.get('access-control-allow-origin'), ORIGIN)
})

Deno.test('slow provider: the request answers at once and the SMS is sent once', async () => {
  const t = setup()
  t.providers.smsBehaviour = ['hang']
  const response = await t.report(FINDER_BODY)
  assert.equal(response.status, 200, 'answered while the SMS provider still hangs')
  await new Promise((resolve) => setTimeout(resolve, 5))
  t.providers.releaseHung()
  await t.delivered()
  assert.equal(t.outbox.byKey('report-1:found_sms').status, 'unknown')
  t.outbox.later()
  assert.deepEqual(await (await t.dispatch()).json(), {
    reminders: 0,
    claimed: 1,
    sent: 1,
    failed: 0,
    unknown: 0,
  })
  assert.equal(t.providers.sms.length, 1)
})

Deno.test(
  'SMS provider down: the report succeeds, the row is retried later and sent exactly once',
  async () => {
    const t = setup()
    t.providers.smsBehaviour = ['unreachable']
    const response = await t.report(FINDER_BODY)
    assert.equal(response.status, 200)
    await t.delivered()
    const sms = t.outbox.byKey('report-1:found_sms')
    assert.equal(sms.status, 'pending')
    assert.equal(sms.attempts, 1)
    assert.match(sms.last_error ?? '', /refused/)
    assert.ok(sms.next_attempt_at > t.outbox.now)
    assert.equal(t.providers.sms.length, 0)
    // Not yet due: nothing is sent.
    assert.equal((await (await t.dispatch()).json()).claimed, 0)
    t.outbox.now += 60_000
    assert.equal((await (await t.dispatch()).json()).sent, 1)
    t.outbox.now += 3_600_000
    await t.dispatch()
    assert.equal(t.providers.sms.length, 1)
    assert.equal(t.providers.emails.length, 2)
  },
)

Deno.test(
  'the same idempotency key twice: one report, nothing sent again, the chat link without a new token',
  async () => {
    const t = setup()
    const key = '7b0c6d3e-2f4a-4c1b-9e8d-5a6b7c8d9e0f'
    const first = await (await t.report({ ...FINDER_BODY, idempotencyKey: key })).json()
    await t.delivered()
    const again = await t.report({ ...FINDER_BODY, idempotencyKey: key })
    assert.equal(again.status, 200)
    const second = await again.json()
    assert.equal(second.reportId, first.reportId)
    assert.equal(second.chatId, first.chatId)
    assert.equal(second.chatUrl, `${SITE}/chat?chatId=${first.chatId}`)
    await t.delivered()
    await t.dispatch()
    assert.equal(t.outbox.rows.length, 3)
    assert.equal(t.providers.sms.length, 1)
    assert.equal(t.providers.emails.length, 2)
    assert.equal(t.calls[1]?.idempotency_key, key)
    const malformed = await t.report({ ...FINDER_BODY, idempotencyKey: 'short' })
    assert.equal(malformed.status, 400)
  },
)

Deno.test('e-mail provider answering 429 then success: each e-mail sent once', async () => {
  const t = setup()
  t.providers.emailBehaviour = ['rate_limit', 'rate_limit']
  assert.equal((await t.report(FINDER_BODY)).status, 200)
  await t.delivered()
  assert.equal(t.providers.emails.length, 0)
  t.outbox.now += 121_000
  await t.dispatch()
  await t.dispatch()
  assert.equal(t.providers.emails.length, 2)
  assert.deepEqual(t.providers.emails.map((email) => email.idempotencyKey).sort(), [
    'report-1:finder_thanks_email',
    'report-1:owner_found_email',
  ])
})

Deno.test('an owner without a mobile gets no SMS row', async () => {
  const t = setup({ email: 'owner@example.com', mobile: null })
  assert.equal((await t.report(FINDER_BODY)).status, 200)
  await t.delivered()
  assert.equal(t.outbox.rows.filter((row) => row.channel === 'sms').length, 0)
  assert.equal(t.providers.sms.length, 0)
  assert.equal(t.providers.emails.length, 2)
})

Deno.test('HTML in every finder field arrives escaped', async () => {
  const t = setup()
  const evil = '<script>alert("x")</script>&'
  const body = {
    tagCode: 'HW7K3M9QPX',
    name: evil,
    email: 'ada@example.com',
    phone: evil,
    address: evil,
    foundLocation: evil,
  }
  assert.equal((await t.report(body)).status, 200)
  await t.delivered()
  for (const email of t.providers.emails) {
    assert.ok(!email.html.includes('<script>'), email.html)
  }
  const owner = t.providers.emails.find((email) => email.to === 'owner@example.com')
  const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;'
  assert.equal(owner?.html.split(escaped).length, 5)
})

Deno.test('two dispatchers running at once send each row once', async () => {
  const t = setup()
  for (let index = 0; index < 25; index += 1) {
    t.outbox.add({
      id: `row-${index}`,
      dedupe_key: `r${index}:owner_found_email`,
      channel: 'email',
      template: 'owner_found_email',
      recipient: `owner${index}@example.com`,
      payload: { chat_url: 'http://x/chat' },
    })
  }
  t.providers.delayMs = 5
  await Promise.all([t.dispatch(), t.dispatch()])
  assert.equal(t.providers.emails.length, 25)
  assert.equal(new Set(t.providers.emails.map((email) => email.to)).size, 25)
})

Deno.test('a bad e-mail, a missing tag or no caller get clear errors', async () => {
  const t = setup()
  for (const email of ['a@b', 'not-an-email', '']) {
    const response = await t.report({ ...FINDER_BODY, email })
    assert.equal(response.status, 400)
    assert.equal((await response.json()).error.message, MESSAGES.invalidEmail)
  }
  assert.equal((await t.report({ ...FINDER_BODY, tagCode: '' })).status, 400)
  assert.equal((await t.report({ ...FINDER_BODY, name: 'x'.repeat(501) })).status, 400)
  assert.equal(t.calls.length, 0)
})

Deno.test('a caller the signing keys do not verify is a 401 and creates nothing', async () => {
  const t = setup()
  for (const authorization of [
    '',
    await callers.forgedHs256({ sub: FINDER_ID, role: 'authenticated' }),
    await callers.otherKey({ sub: FINDER_ID }),
    await callers.user({ sub: FINDER_ID, expiresIn: -60 }),
    await callers.user({ role: 'anon' }),
    `Bearer ${SECRET_KEY}`,
  ]) {
    const response = await t.report(FINDER_BODY, authorization)
    assert.equal(response.status, 401, authorization)
    assert.deepEqual(await response.json(), {
      error: { code: 'unauthorized', message: MESSAGES.signIn },
    })
  }
  assert.equal(t.calls.length, 0)
})

Deno.test('too many reports answers 429 with Retry-After; unknown tag 404', async () => {
  const t = setup()
  t.failRpc({ message: 'too_many_reports', details: '1800', hint: 'tag' })
  const limited = await t.report(FINDER_BODY)
  assert.equal(limited.status, 429)
  assert.equal(limited.headers.get('retry-after'), '1800')
  assert.equal((await limited.json()).error.message, MESSAGES.tooManyReports)
  for (const hint of ['finder', 'address']) {
    t.failRpc({ message: 'too_many_reports', details: '60', hint })
    const yours = await t.report(FINDER_BODY)
    assert.equal(yours.status, 429)
    assert.equal((await yours.json()).error.message, MESSAGES.tooManyFromYou)
  }
  t.failRpc({ message: 'tag_not_activated' })
  const missing = await t.report(FINDER_BODY)
  assert.equal(missing.status, 404)
  assert.equal((await missing.json()).error.message, 'tag_not_found')
})

Deno.test("report_found's refusals: a signed-out session 401, a used proof 403", async () => {
  const t = setup()
  t.failRpc({ message: 'unauthorized' })
  const signedOut = await t.report(FINDER_BODY)
  assert.equal(signedOut.status, 401)
  assert.equal((await signedOut.json()).error.message, MESSAGES.signIn)
  t.failRpc({ message: 'proof_reused' })
  const reused = await t.report(FINDER_BODY)
  assert.equal(reused.status, 403)
  assert.equal((await reused.json()).error.code, 'proof_failed')
  assert.equal(t.outbox.rows.length, 0)
})

Deno.test('dispatch-notifications is for the secret key only', async () => {
  const t = setup()
  const user = { authorization: FINDER, apikey: PUBLISHABLE_KEY }
  assert.equal((await t.dispatch(user)).status, 401)
  assert.equal((await t.dispatch({})).status, 401)
  assert.equal(t.outbox.reminders, 0)
  assert.equal((await t.dispatch()).status, 200)
  assert.equal(t.outbox.reminders, 1, 'every run adds the due reminders first')
})

Deno.test(
  'a tag code written with dashes and spaces is read as the database reads it',
  async () => {
    const t = setup()
    assert.equal((await t.report({ ...FINDER_BODY, tagCode: 'hw7k-3m9q px' })).status, 200)
    assert.equal(t.calls[0]?.tag_code, 'HW7K3M9QPX')
  },
)

Deno.test("each field is held to the database's own limit", async () => {
  const t = setup()
  const refused = await t.report({ ...FINDER_BODY, phone: '0'.repeat(41) })
  assert.equal(refused.status, 400)
  assert.equal(t.calls.length, 0)
  assert.equal((await t.report({ ...FINDER_BODY, phone: '0'.repeat(40) })).status, 200)
})

Deno.test(
  "the finder's language: kept with the report, their e-mail in it, the owner told",
  async () => {
    const t = setup({ email: 'owner@example.com', mobile: null })
    const response = await t.report({ ...FINDER_BODY, language: 'pl' })
    assert.equal(response.status, 200)
    assert.equal(t.calls[0]?.finder_language, 'pl')
    await t.delivered()
    const [owner, finder] = t.providers.emails
    assert.equal(owner?.subject, 'Your item was found: Blue backpack')
    assert.ok(owner?.text.includes('The finder writes in Polish.'))
    assert.equal(finder?.subject, 'Dziękujemy za zgłoszenie znalezionego przedmiotu')
    assert.ok(finder?.text.startsWith('Dziękujemy, Ada Lovelace!'))
  },
)

Deno.test('any other language is English, never an error', async () => {
  for (const language of ['xx', 'PL', 'pl-PL', '', 42, null, { pl: true }, ['pl']]) {
    const t = setup()
    const response = await t.report({ ...FINDER_BODY, language })
    assert.equal(response.status, 200, JSON.stringify(language))
    assert.equal(t.calls[0]?.finder_language, 'en')
  }
  const t = setup()
  await t.report(FINDER_BODY)
  assert.equal(t.calls[0]?.finder_language, 'en')
})
