/**
 * E-mail confirmation as GoTrue does it with `enable_confirmations = true` (the
 * repository's config.toml): sign-up answers a user without a session and
 * mails a link; signing in before confirming is refused with
 * `email_not_confirmed`; the link (or its code) confirms and signs in;
 * `resend({ type: 'signup' })` mails a new link. Plus secure_password_change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  client,
  firstLink,
  startTestStack,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack()
})
afterAll(async () => {
  await stack?.close()
})

const PASSWORD = 'correct-horse-1'
const LOGIN_PAGE = 'http://localhost:5173/login'

type Mail = { ID: string; Subject: string; HTML: string; Text: string }

/** Every e-mail to `address`, oldest first. */
async function mailsTo(address: string): Promise<Mail[]> {
  const list = (await (await fetch(`${stack.inboxUrl}/api/v1/messages`)).json()) as {
    messages: { ID: string; To: { Address: string }[] }[]
  }
  const ids = list.messages
    .filter((m) => m.To.some((t) => t.Address === address))
    .map((m) => m.ID)
    .reverse()
  return Promise.all(
    ids.map(
      async (id) => (await (await fetch(`${stack.inboxUrl}/api/v1/message/${id}`)).json()) as Mail,
    ),
  )
}

async function signUp(email = uniqueEmail('confirm')) {
  const result = await client(stack).auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: LOGIN_PAGE },
  })
  return { email, ...result }
}

async function open(link: string) {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location') ?? '')
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) }
}

describe('sign-up with confirmations on', () => {
  it('says so in /settings', async () => {
    const settings = (await (await fetch(`${stack.apiUrl}/auth/v1/settings`)).json()) as {
      mailer_autoconfirm: boolean
    }
    expect(settings.mailer_autoconfirm).toBe(false)
  })

  it('answers a user without a session, refuses sign-in until the link is opened, then signs in', async () => {
    const { email, data, error } = await signUp()
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.identities?.[0]?.identity_data?.email_verified).toBe(false)

    const early = await client(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(early.error?.status).toBe(400)
    expect(early.error?.code).toBe('email_not_confirmed')
    expect(early.error?.message).toBe('Email not confirmed')
    // A wrong password is still just wrong: nothing says the address exists.
    const wrong = await client(stack).auth.signInWithPassword({ email, password: 'not-the-one-1' })
    expect(wrong.error?.code).toBe('invalid_credentials')

    const [mail] = await mailsTo(email)
    expect(mail?.Subject).toBe('Confirm your e-mail for Homeward')
    expect(mail?.HTML).toContain('Confirm my e-mail')
    const link = firstLink(mail!.Text)
    expect(link).toMatch(
      new RegExp(
        `^${stack.apiUrl}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=${encodeURIComponent(LOGIN_PAGE)}$`,
      ),
    )
    const { location, fragment } = await open(link)
    expect(`${location.origin}${location.pathname}`).toBe(LOGIN_PAGE)
    expect(fragment.get('type')).toBe('signup')
    const session = client(stack)
    const user = await session.auth.getUser(fragment.get('access_token') ?? '')
    expect(user.data.user?.email_confirmed_at).toBeTruthy()
    expect(user.data.user?.user_metadata.email_verified).toBe(true)
    expect(user.data.user?.identities?.[0]?.identity_data?.email_verified).toBe(true)

    const signedIn = await client(stack).auth.signInWithPassword({ email, password: PASSWORD })
    expect(signedIn.error).toBeNull()
    // The link works once.
    expect((await open(link)).fragment.get('error_code')).toBe('otp_expired')
  })

  it('resend mails a new link and the old one stops working; unknown and confirmed addresses get {} and no mail', async () => {
    const { email } = await signUp()
    const resent = await client(stack).auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: LOGIN_PAGE },
    })
    expect(resent.error).toBeNull()
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(2)
    const [first, second] = mails.map((m) => firstLink(m.Text))
    expect((await open(first!)).fragment.get('error_code')).toBe('otp_expired')
    expect((await open(second!)).fragment.get('access_token')).toBeTruthy()

    const nobody = uniqueEmail('nobody')
    expect((await client(stack).auth.resend({ type: 'signup', email: nobody })).error).toBeNull()
    expect(await client(stack).auth.resend({ type: 'signup', email })).toMatchObject({
      error: null,
    })
    expect(await mailsTo(nobody)).toHaveLength(0)
    expect(await mailsTo(email)).toHaveLength(2)

    const bad = await client(stack).auth.resend({ type: 'sms', phone: '+447700900123' })
    expect(bad.error?.code).toBe('phone_provider_disabled')
  })

  it('confirms with the code in the e-mail (verifyOtp type signup)', async () => {
    const { email } = await signUp()
    const [mail] = await mailsTo(email)
    const token = new URL(firstLink(mail!.Text)).searchParams.get('token') ?? ''
    // The template shows no code; the token hash is what verifyOtp takes.
    const verified = await client(stack).auth.verifyOtp({ type: 'signup', token_hash: token })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy()
  })

  it('signing up again: an unconfirmed address gets a new link, a confirmed one a made-up user', async () => {
    const { email, data } = await signUp()
    const again = await signUp(email)
    expect(again.error).toBeNull()
    expect(again.data.user?.id).toBe(data.user?.id)
    expect(await mailsTo(email)).toHaveLength(2)
    const [, latest] = await mailsTo(email)
    await open(firstLink(latest!.Text))
    const hidden = await signUp(email)
    expect(hidden.error).toBeNull()
    expect(hidden.data.session).toBeNull()
    expect(hidden.data.user?.id).not.toBe(data.user?.id)
    expect(hidden.data.user?.identities).toEqual([])
    expect(await mailsTo(email)).toHaveLength(2)
  })
})

describe('secure_password_change', () => {
  it('changes the password in a fresh session; a session older than a day needs reauthentication', async () => {
    const { email } = await signUp()
    const [mail] = await mailsTo(email)
    await open(firstLink(mail!.Text))
    const sb = client(stack)
    const { data, error } = await sb.auth.signInWithPassword({ email, password: PASSWORD })
    expect(error).toBeNull()
    expect((await sb.auth.updateUser({ password: 'another-pass-2' })).error).toBeNull()
    const sessionId = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { session_id: string }
    await stack.context.db.query(
      `update auth.sessions set created_at = now() - interval '25 hours' where id = $1`,
      [sessionId.session_id],
    )
    const stale = await sb.auth.updateUser({ password: 'yet-another-3' })
    expect(stale.error?.status).toBe(400)
    expect(stale.error?.code).toBe('reauthentication_needed')
  })
})
