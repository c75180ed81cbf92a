import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { expectPath, renderApp } from '@/testing/render-app'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

type AppUser = ReturnType<typeof renderApp>['user']

const VALID = {
  'FULL NAME': 'Olivia Owner',
  EMAIL: 'olivia.owner@example.com',
  'MOBILE NUMBER': '07700 900123',
  PASSWORD: 'correct horse battery',
  'REPEAT PASSWORD': 'correct horse battery',
  'D.O.B': '1990-04-01',
  ADDRESS: '1 High Street, Cambridge',
  COUNTY: 'Cambridgeshire',
  COUNTRY: 'United Kingdom',
}

type Label = keyof typeof VALID

async function fillIn(user: AppUser, values: Partial<Record<Label, string>>) {
  for (const [label, value] of Object.entries({ ...VALID, ...values })) {
    const input = await screen.findByLabelText(label)
    await user.clear(input)
    if (value) await user.paste(value)
  }
}

async function submit(user: AppUser) {
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
}

function signup(answer: 'accept' | 'already-registered' | 'weak', seen: unknown[] = []) {
  return http.post('*/auth/v1/signup', async ({ request }) => {
    seen.push(await request.json())
    const headers = { 'X-Supabase-Api-Version': '2024-01-01' }
    if (answer === 'already-registered') {
      return HttpResponse.json(
        { code: 'user_already_exists', message: 'User already registered' },
        { status: 422, headers },
      )
    }
    if (answer === 'weak') {
      return HttpResponse.json(
        {
          code: 'weak_password',
          message: 'Password should be at least 10 characters.',
          weak_password: { reasons: ['length'] },
        },
        { status: 422, headers },
      )
    }
    // Confirmations on: the bare user, no session.
    return HttpResponse.json({ id: 'new-user', email: VALID.EMAIL, identities: [{}] })
  })
}

describe('/register', () => {
  it('has every field of the spec and a Login button', async () => {
    renderApp({ url: '/register' })
    for (const label of Object.keys(VALID)) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument()
    }
    expect(screen.getByLabelText('EMAIL')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('PASSWORD')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  })

  it('links to the privacy notice and the terms beside the fields', async () => {
    renderApp({ url: '/register' })
    const form = (await screen.findByLabelText('FULL NAME')).closest('form')
    expect(form).not.toBeNull()
    const inForm = within(form as HTMLElement)
    expect(inForm.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy')
    expect(inForm.getByRole('link', { name: 'terms of use' })).toHaveAttribute('href', '/terms')
  })

  it.each([
    ['a missing field', { ADDRESS: '' }, 'Please fill in all fields'],
    ['a blank field', { COUNTY: '   ' }, 'Please fill in all fields'],
    ['a bad e-mail', { EMAIL: 'olivia@example' }, 'Email is invalid.'],
    ['different passwords', { 'REPEAT PASSWORD': 'correct horsf' }, 'Passwords do not match.'],
    [
      'a non-UK mobile',
      { 'MOBILE NUMBER': '+33 6 12 34 56 78' },
      'Mobile is invalid. UK Number only.',
    ],
  ] as const)('refuses %s', async (_case, values, message) => {
    const { user, router } = renderApp({ url: '/register' })
    await fillIn(user, values)
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(router.state.location.pathname).toBe('/register')
  })

  it('shows the auth service’s own message', async () => {
    const { user } = renderApp({ url: '/register', handlers: [signup('already-registered')] })
    await fillIn(user, {})
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered')
  })

  it('a failure of the service (5xx) gets our words, not the client library’s', async () => {
    // Supabase Auth's answer when the database refuses the new user
    const failing = http.post('*/auth/v1/signup', () =>
      HttpResponse.json(
        { code: 500, error_code: 'unexpected_failure', msg: 'Database error saving new user' },
        { status: 500 },
      ),
    )
    const { user } = renderApp({ url: '/register', handlers: [failing] })
    await fillIn(user, {})
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Registration failed\. Please try again\.$/,
    )
  })

  it('keeps each field within its length, so a pasted essay cannot swell the account’s token', async () => {
    const seen: { data?: Record<string, string> }[] = []
    const { user, router } = renderApp({
      url: '/register',
      handlers: [signup('accept', seen as unknown[])],
    })
    await fillIn(user, { ADDRESS: 'A'.repeat(20_000), 'FULL NAME': 'N'.repeat(5000) })
    await submit(user)
    await expectPath(router, '/login')
    expect(seen[0]?.data?.address).toHaveLength(500)
    expect(seen[0]?.data?.full_name).toHaveLength(200)
  })

  it('refuses a control character pasted into a field, and sends nothing', async () => {
    const seen: unknown[] = []
    const { user } = renderApp({ url: '/register', handlers: [signup('accept', seen)] })
    await fillIn(user, { 'FULL NAME': 'Olivia\u0000Owner' })
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some of what you typed contains characters we cannot accept. Please remove them.',
    )
    expect(seen).toEqual([])
  })

  it('shows the weak-password message of the service', async () => {
    const { user } = renderApp({ url: '/register', handlers: [signup('weak')] })
    await fillIn(user, { PASSWORD: 'abc', 'REPEAT PASSWORD': 'abc' })
    await submit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password should be at least 10 characters.',
    )
  })

  it('says how long the password must be, before anything is sent', async () => {
    renderApp({ url: '/register' })
    expect(
      await screen.findByText(/Your password needs at least 10 characters\./),
    ).toBeInTheDocument()
  })

  it('creates the account with the profile in the metadata, then goes to /login', async () => {
    const seen: unknown[] = []
    const { user, router } = renderApp({ url: '/register', handlers: [signup('accept', seen)] })
    await fillIn(user, { 'FULL NAME': '  Olivia Owner ' })
    await submit(user)
    await expectPath(router, '/login')
    // /login says to confirm the address first, and offers the link again.
    expect(
      await screen.findByText(/Check your inbox: we sent a link to olivia\.owner@example\.com\./),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument()
    expect(screen.getByLabelText('EMAIL')).toHaveValue('olivia.owner@example.com')
    expect(seen).toEqual([
      expect.objectContaining({
        email: 'olivia.owner@example.com',
        password: 'correct horse battery',
        data: {
          full_name: 'Olivia Owner',
          dob: '1990-04-01',
          address: '1 High Street, Cambridge',
          county: 'Cambridgeshire',
          country: 'United Kingdom',
          mobile_number: '07700 900123',
        },
      }),
    ])
  })

  it('the Login button goes to /login', async () => {
    const { user, router } = renderApp({ url: '/register' })
    await user.click(await screen.findByRole('link', { name: 'Login' }))
    await expectPath(router, '/login')
  })
})
