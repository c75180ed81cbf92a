/** The dev inbox: Mailpit-compatible API, Twilio- and Resend-shaped endpoints, HTML page. */
import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInbox } from '../../local-supabase/inbox/app.ts'
import { sentAt } from '../../local-supabase/inbox/pages.ts'
import { createInboxStore, inboxFile } from '../../local-supabase/inbox/store.ts'

let server: Server
let url: string

beforeAll(async () => {
  const inbox = createInbox()
  server = createServer(getRequestListener(inbox.app.fetch))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(async () => {
  await fetch(`${url}/api/v1/messages`, { method: 'DELETE' })
  await fetch(`${url}/api/v1/sms`, { method: 'DELETE' })
})

const sendEmail = (body: Record<string, unknown>, key = 're_test_key') =>
  fetch(`${url}/emails`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('e-mail (Resend-shaped in, Mailpit-shaped out)', () => {
  it('catches an e-mail and lists it newest first with Mailpit fields', async () => {
    const first = await sendEmail({
      from: 'Homeward <alerts@homeward.test>',
      to: 'a@example.com',
      subject: 'One',
      html: '<p>1</p>',
    })
    expect(first.status).toBe(200)
    const { id } = (await first.json()) as { id: string }
    expect(id).toBeTruthy()
    await sendEmail({
      from: 'alerts@homeward.test',
      to: ['b@example.com'],
      subject: 'Two',
      text: 'two',
    })
    const list = (await (await fetch(`${url}/api/v1/messages`)).json()) as {
      total: number
      messages: {
        ID: string
        Subject: string
        From: { Name: string; Address: string }
        To: { Address: string }[]
        Created: string
      }[]
    }
    expect(list.total).toBe(2)
    expect(list.messages.map((m) => m.Subject)).toEqual(['Two', 'One'])
    expect(list.messages[1]).toMatchObject({
      ID: id,
      From: { Name: 'Homeward', Address: 'alerts@homeward.test' },
      To: [{ Name: '', Address: 'a@example.com' }],
    })
    const message = (await (await fetch(`${url}/api/v1/message/${id}`)).json()) as {
      HTML: string
      Text: string
    }
    expect(message.HTML).toBe('<p>1</p>')
    expect(message.Text).toBe('1')
    await fetch(`${url}/api/v1/messages`, { method: 'DELETE' })
    expect(
      ((await (await fetch(`${url}/api/v1/messages`)).json()) as { total: number }).total,
    ).toBe(0)
  })

  it('answers as Resend does when the request is incomplete', async () => {
    const noKey = await fetch(`${url}/emails`, { method: 'POST', body: '{}' })
    expect(noKey.status).toBe(401)
    const noTo = await sendEmail({ from: 'x@y.z', subject: 's', html: 'h' })
    expect(noTo.status).toBe(422)
    expect(((await noTo.json()) as { name: string }).name).toBe('validation_error')
  })
})

describe('SMS (Twilio-shaped)', () => {
  it('catches a form-encoded message and answers 201 like Twilio', async () => {
    const response = await fetch(`${url}/2010-04-01/Accounts/AC123/Messages.json`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('AC123:token').toString('base64')}` },
      body: new URLSearchParams({
        To: '+447700900123',
        From: 'Homeward',
        Body: 'Your item was found!',
      }),
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as {
      sid: string
      status: string
      to: string
      account_sid: string
    }
    expect(body.sid).toMatch(/^SM/)
    expect(body).toMatchObject({ status: 'queued', to: '+447700900123', account_sid: 'AC123' })
    const texts = (await (await fetch(`${url}/api/v1/sms`)).json()) as {
      messages: { To: string; Body: string }[]
    }
    expect(texts.messages).toEqual([
      expect.objectContaining({ To: '+447700900123', Body: 'Your item was found!' }),
    ])
  })

  it('refuses a message without a recipient with Twilio error 21604', async () => {
    const response = await fetch(`${url}/2010-04-01/Accounts/AC123/Messages.json`, {
      method: 'POST',
      body: new URLSearchParams({ From: 'Homeward', Body: 'x' }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { code: number }).code).toBe(21604)
  })
})

describe('e-mail Idempotency-Key (as Resend)', () => {
  const post = (key: string, subject: string) =>
    fetch(`${url}/emails`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer re_test_key',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ from: 'a@homeward.test', to: 'k@example.com', subject, text: 'x' }),
    })

  it('the same key and request answer with the first e-mail and catch nothing new; another payload is 409', async () => {
    const first = (await (await post('report-1:owner_found_email', 'Hi')).json()) as { id: string }
    const again = await post('report-1:owner_found_email', 'Hi')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ id: first.id })
    const changed = await post('report-1:owner_found_email', 'Changed')
    expect(changed.status).toBe(409)
    expect(await changed.json()).toMatchObject({ name: 'invalid_idempotent_request' })
    await post('report-2:owner_found_email', 'Hi')
    const list = (await (await fetch(`${url}/api/v1/messages`)).json()) as { total: number }
    expect(list.total).toBe(2)
  })
})

describe('SMS message list (Twilio GET Messages.json)', () => {
  const sid = 'AC00000000000000000000000000000000'
  const send = (to: string, body: string) =>
    fetch(`${url}/2010-04-01/Accounts/${sid}/Messages.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: to, From: '+447700900000', Body: body }),
    })
  type Listed = { sid: string; to: string; body: string; status: string; date_sent: string | null }
  type Page = { messages: Listed[]; next_page_uri: string | null; page_size: number }
  const list = async (query: Record<string, string>, account = sid) =>
    (await (
      await fetch(
        `${url}/2010-04-01/Accounts/${account}/Messages.json?${new URLSearchParams(query).toString()}`,
      )
    ).json()) as Page

  it('filters by To and DateSent>= (UTC day), newest first, with sent messages and paging', async () => {
    const one = (await (await send('+447700900001', 'First')).json()) as { sid: string }
    await send('+447700900002', 'Other number')
    await send('+447700900001', 'Second')
    const today = new Date().toISOString().slice(0, 10)
    const found = await list({ To: '+447700900001', 'DateSent>': today })
    expect(found.messages.map((m) => m.body)).toEqual(['Second', 'First'])
    expect(found.messages[1]).toMatchObject({ sid: one.sid, to: '+447700900001', status: 'sent' })
    expect(found.messages[1]?.date_sent).toMatch(/\+0000$/)
    expect(found.next_page_uri).toBeNull()
    expect((await list({ To: '+447700900001', 'DateSent>': '2999-01-01' })).messages).toEqual([])
    expect((await list({ To: '+447700900001' }, 'ACother')).messages).toEqual([])

    const paged = await list({ To: '+447700900001', PageSize: '1' })
    expect(paged.messages.map((m) => m.body)).toEqual(['Second'])
    expect(paged.next_page_uri).toBeTruthy()
    const next = (await (await fetch(`${url}${paged.next_page_uri}`)).json()) as Page
    expect(next.messages.map((m) => m.body)).toEqual(['First'])
    expect(next.next_page_uri).toBeNull()
  })

  it('refuses a malformed DateSent with 400', async () => {
    const response = await fetch(
      `${url}/2010-04-01/Accounts/${sid}/Messages.json?${new URLSearchParams({ 'DateSent>': 'yesterday' }).toString()}`,
    )
    expect(response.status).toBe(400)
  })
})

describe('HTML page', () => {
  it('lists e-mails and texts and renders an e-mail with escaped content', async () => {
    const sent = await sendEmail({
      from: 'a@b.co',
      to: 'c@d.co',
      subject: '<Hello>',
      html: '<b>Hi</b>',
    })
    const { id } = (await sent.json()) as { id: string }
    const page = await (await fetch(`${url}/`)).text()
    expect(page).toContain('&lt;Hello&gt;')
    expect(page).not.toContain('<Hello>')
    const view = await (await fetch(`${url}/view/${id}`)).text()
    expect(view).toContain('srcdoc="&lt;b&gt;Hi&lt;/b&gt;"')
  })
})

describe('HTML page on a phone, in local time', () => {
  it('fits a phone: a viewport, rows as cards on a narrow screen, long links wrap', async () => {
    await sendEmail({ from: 'a@b.co', to: 'c@d.co', subject: 'Hi', html: '<p>x</p>' })
    const page = await (await fetch(`${url}/`)).text()
    expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(page).toMatch(
      /@media \(max-width:40rem\)\{thead\{display:none\}table,tbody,tr,td\{display:block/,
    )
    expect(page).toContain('overflow-wrap:anywhere')
  })

  it('shows when each message was sent in local time, not as a UTC ISO string', async () => {
    await sendEmail({ from: 'a@b.co', to: 'c@d.co', subject: 'Hi', html: '<p>x</p>' })
    const page = await (await fetch(`${url}/`)).text()
    const visible = page.replace(/<[^>]+>/g, ' ')
    expect(visible).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/)
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+Z">/)
    expect(sentAt('2026-07-28T14:05:09.000Z', 'Europe/London')).toBe(
      '<time datetime="2026-07-28T14:05:09.000Z">Tue 28 Jul, 15:05:09</time>',
    )
  })
})

describe('kept between runs', () => {
  it('a new inbox on the same file holds what the last one caught; clearing empties it', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'inbox-'))
    try {
      const file = inboxFile(path.join(folder, 'data'))
      expect(file).toBe(path.join(folder, 'data-inbox.json'))
      const first = createInboxStore({ file })
      first.addEmail({ from: 'a@b.co', to: ['c@d.co'], subject: 'Kept', html: '<p>1</p>' })
      first.addSms({ accountSid: 'AC0', from: '+447700900000', to: '+447700900123', body: 'Hi' })
      const second = createInboxStore({ file })
      expect(second.emails().map((email) => email.Subject)).toEqual(['Kept'])
      expect(second.sms().map((text) => text.Body)).toEqual(['Hi'])
      second.clearEmails()
      expect(createInboxStore({ file }).emails()).toEqual([])
      expect(createInboxStore({ file }).sms()).toHaveLength(1)
      // Memory only without a file (npm run inbox).
      expect(createInboxStore().emails()).toEqual([])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('push (a push service, as the functions reach it)', () => {
  const signed = async (audience: string) => {
    const { exportJWK, generateKeyPair, SignJWT } = await import('jose')
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const jwk = await exportJWK(publicKey)
    const point = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x as string, 'base64url'),
      Buffer.from(jwk.y as string, 'base64url'),
    ]).toString('base64url')
    const token = await new SignJWT({ sub: 'mailto:ops@homeward.example' })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setAudience(audience)
      .setExpirationTime('1h')
      .sign(privateKey)
    return `vapid t=${token}, k=${point}`
  }

  it('refuses a push without a valid VAPID signature, encoding or TTL, and lists what was wrong', async () => {
    await fetch(`${url}/api/v1/push`, { method: 'DELETE' })
    const made = (await (await fetch(`${url}/push/subscriptions`, { method: 'POST' })).json()) as {
      id: string
      endpoint: string
      keys: { p256dh: string; auth: string }
    }
    expect(made.endpoint).toBe(`${url}/push/${made.id}`)
    expect(made.keys.p256dh).toMatch(/^B[A-Za-z0-9_-]{86}$/)
    const unsigned = await fetch(made.endpoint, { method: 'POST', body: new Uint8Array(100) })
    expect(unsigned.status).toBe(400)
    const elsewhere = await fetch(made.endpoint, {
      method: 'POST',
      headers: {
        authorization: await signed('https://fcm.googleapis.com'),
        'content-encoding': 'aes128gcm',
        ttl: '60',
      },
      body: new Uint8Array(100),
    })
    expect(elsewhere.status).toBe(400)
    const forged = await fetch(made.endpoint, {
      method: 'POST',
      headers: {
        authorization: await signed(url.replace('http:', 'https:')),
        'content-encoding': 'aes128gcm',
        ttl: '60',
      },
      body: new Uint8Array(100),
    })
    // signed for this endpoint, but not encrypted for the subscription's keys
    expect(forged.status).toBe(400)
    const list = (await (await fetch(`${url}/api/v1/push`)).json()) as {
      pushes: Array<{ Status: number; Problems: string[]; Payload: string | null }>
    }
    expect(list.pushes.map((p) => p.Problems.join('; '))).toEqual([
      expect.stringMatching(/^does not decrypt/),
      expect.stringMatching(/^the VAPID audience is https:\/\/fcm\.googleapis\.com/),
      'no VAPID Authorization header (vapid t=…, k=…); Content-Encoding is not aes128gcm; no TTL header',
    ])
    expect(list.pushes.every((p) => p.Payload === null)).toBe(true)
    const page = await (await fetch(`${url}/`)).text()
    expect(page).toContain('Pushes (3)')

    await fetch(`${made.endpoint.replace(made.id, `subscriptions/${made.id}`)}/gone`, {
      method: 'POST',
    })
    const gone = await fetch(made.endpoint, { method: 'POST', body: new Uint8Array(10) })
    expect(gone.status).toBe(410)
  })
})
