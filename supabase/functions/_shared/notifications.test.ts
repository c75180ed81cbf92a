import assert from 'node:assert/strict'
import { httpProviders, renderEmail, toE164 } from './notifications.ts'

const CONFIG = {
  twilioApiUrl: 'http://inbox/',
  twilioAccountSid: 'AC123',
  twilioAuthToken: 'secret',
  twilioFrom: '+447700900000',
  emailApiUrl: 'http://inbox',
  emailApiKey: 're_key',
  emailFrom: 'Homeward <no-reply@homeward.test>',
}

function recordingFetch(status: number, body: unknown) {
  const requests: Request[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    requests.push(new Request(input, init))
    return Promise.resolve(new Response(JSON.stringify(body), { status }))
  }
  return { requests, fetchImpl }
}

Deno.test('UK numbers are normalised to E.164', () => {
  assert.equal(toE164('07700 900123'), '+447700900123')
  assert.equal(toE164('+44 (0)7700 900123'), '+447700900123')
  assert.equal(toE164('+447700900123'), '+447700900123')
  assert.equal(toE164('0044 7700 900123'), '+447700900123')
  assert.equal(toE164('07700900123#123'), '+447700900123')
})

Deno.test('SMS goes to Twilio form-encoded with basic auth', async () => {
  const { requests, fetchImpl } = recordingFetch(201, { sid: 'SM42' })
  const result = await httpProviders(CONFIG, fetchImpl).sendSms({
    to: '+447700900123',
    body: 'Your item was found!',
  })
  assert.deepEqual(result, { ok: true, providerId: 'SM42' })
  const request = requests[0]
  assert.equal(request?.url, 'http://inbox/2010-04-01/Accounts/AC123/Messages.json')
  assert.equal(request?.headers.get('authorization'), `Basic ${btoa('AC123:secret')}`)
  const form = new URLSearchParams(await request?.text())
  assert.equal(form.get('To'), '+447700900123')
  assert.equal(form.get('From'), '+447700900000')
  assert.equal(form.get('Body'), 'Your item was found!')
})

Deno.test('e-mail goes to POST /emails with the idempotency key; a 429 is a failure', async () => {
  const ok = recordingFetch(200, { id: 'em_1' })
  const message = {
    to: 'a@example.com',
    subject: 's',
    html: '<p>h</p>',
    text: 'h',
    idempotencyKey: 'r:t',
  }
  assert.deepEqual(await httpProviders(CONFIG, ok.fetchImpl).sendEmail(message), {
    ok: true,
    providerId: 'em_1',
  })
  assert.equal(ok.requests[0]?.url, 'http://inbox/emails')
  assert.equal(ok.requests[0]?.headers.get('idempotency-key'), 'r:t')
  assert.equal(ok.requests[0]?.headers.get('authorization'), 'Bearer re_key')
  const sent = await ok.requests[0]?.json()
  assert.deepEqual(sent.to, ['a@example.com'])
  assert.equal(sent.text, 'h')
  const limited = recordingFetch(429, { message: 'rate limited' })
  const result = await httpProviders(CONFIG, limited.fetchImpl).sendEmail(message)
  assert.equal(result.ok, false)
})

Deno.test("the finder's new-link e-mail carries the fresh link, escaped", () => {
  const email = renderEmail({
    id: 'n1',
    dedupe_key: 'invite-1:finder_new_link_email',
    channel: 'email',
    template: 'finder_new_link_email',
    recipient: 'fay@example.test',
    payload: { item_name: '<b>Bag</b>', chat_url: 'http://site/chat?chatId=c1#token=T&x' },
    attempts: 0,
  })
  assert.equal(email.to, 'fay@example.test')
  assert.equal(email.subject, 'Your new chat link')
  assert.equal(email.idempotencyKey, 'invite-1:finder_new_link_email')
  assert.ok(email.html.includes('href="http://site/chat?chatId=c1#token=T&amp;x"'))
  assert.ok(email.html.includes('&lt;b&gt;Bag&lt;/b&gt;'))
  assert.ok(email.text.includes('http://site/chat?chatId=c1#token=T&x'))
})
