import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { userAtom } from '@/lib/store'
import { ownerRealtime } from '@/testing/owner-realtime'
import { expectPath, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeSession, fakeUser, restGet } from '@/testing/supabase-handlers'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })
// The dashboard's live alerts: a fake Realtime socket and no chats.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
beforeEach(() => server.use(...ownerRealtime()))

const owner = fakeUser({
  user_metadata: {
    full_name: 'Olivia Owner',
  },
})

function passwordGrant(answer: 'accept' | 'refuse', seen: unknown[] = []) {
  return http.post('*/auth/v1/token', async ({ request }) => {
    expect(new URL(request.url).searchParams.get('grant_type')).toBe('password')
    seen.push(await request.json())
    if (answer === 'refuse') {
      return HttpResponse.json(
        { code: 'invalid_credentials', message: 'Invalid login credentials' },
        { status: 400, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
      )
    }
    return HttpResponse.json(fakeSession(owner))
  })
}

/** Waits for the app to arrive at `path` (route modules load lazily on first visit). */

const ownerData = [
  restGet('profiles', [{ id: owner.id, email: owner.email, full_name: 'Olivia Owner' }]),
  restGet('items', []),
  restGet('push_subscriptions', []),
]

describe('/login', () => {
  it('shows the greeting, typed inputs, two Login buttons and the links', async () => {
    renderApp({ url: '/login' })
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument()
    expect(screen.queryByText(/This tag isn't activated yet/)).toBeNull()
    expect(screen.getByLabelText('EMAIL')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('PASSWORD')).toHaveAttribute('type', 'password')
    expect(screen.getAllByRole('button', { name: 'Login' })).toHaveLength(2)
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute(
      'href',
      '/password-reset',
    )
  })

  it('shows the failure in red words of the product', async () => {
    const { user, router } = renderApp({ url: '/login', handlers: [passwordGrant('refuse')] })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'wrong-password')
    await user.click(screen.getAllByRole('button', { name: 'Login' })[0]!)
    expect(await screen.findByRole('alert')).toHaveTextContent('Login credentials incorrect.')
    expect(router.state.location.pathname).toBe('/login')
  })

  it('an unconfirmed e-mail: says so in plain words and sends the link again', async () => {
    const resent: unknown[] = []
    const { user, router } = renderApp({
      url: '/login',
      handlers: [
        http.post('*/auth/v1/token', () =>
          HttpResponse.json(
            { code: 'email_not_confirmed', message: 'Email not confirmed' },
            { status: 400, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
          ),
        ),
        http.post('*/auth/v1/resend', async ({ request }) => {
          resent.push(await request.json())
          return HttpResponse.json({})
        }),
      ],
    })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'right-password-1')
    await user.click(screen.getAllByRole('button', { name: 'Login' })[0]!)
    expect(await screen.findByRole('alert')).toHaveTextContent('Login credentials incorrect.')
    expect(
      screen.getByText(
        'Your e-mail address olivia.owner@example.com is not confirmed yet. Open the link we sent you to confirm it, then log in.',
      ),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(
      await screen.findByText(
        'We sent a new link to olivia.owner@example.com. It works for an hour.',
      ),
    ).toBeInTheDocument()
    expect(resent).toEqual([
      expect.objectContaining({ type: 'signup', email: 'olivia.owner@example.com' }),
    ])
    expect(router.state.location.pathname).toBe('/login')
  })

  it('a wrong password says nothing about confirmation', async () => {
    const { user } = renderApp({ url: '/login', handlers: [passwordGrant('refuse')] })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'wrong-password')
    await user.click(screen.getAllByRole('button', { name: 'Login' })[0]!)
    await screen.findByRole('alert')
    expect(screen.queryByText(/not confirmed/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull()
  })

  it('submits on Enter and goes to the dashboard once signed in', async () => {
    const seen: unknown[] = []
    const { user, router, store } = renderApp({
      url: '/login',
      handlers: [passwordGrant('accept', seen), ...ownerData],
    })
    await user.type(await screen.findByLabelText('EMAIL'), ' olivia.owner@example.com ')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([
      expect.objectContaining({ email: 'olivia.owner@example.com', password: 'correct horse' }),
    ])
    expect(store.get(userAtom)).toMatchObject({ authed: true, doc: { full_name: 'Olivia Owner' } })
  })

  it('the Login button at the bottom submits too', async () => {
    const { user, router } = renderApp({
      url: '/login',
      handlers: [passwordGrant('accept'), ...ownerData],
    })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse')
    await user.click(screen.getAllByRole('button', { name: 'Login' })[1]!)
    await expectPath(router, '/dashboard')
  })

  it('goes to a stored route-after-login instead, and forgets it', async () => {
    sessionStorage.setItem('homeward.routeAfterLogin', JSON.stringify('/account'))
    const { user, router, store } = renderApp({
      url: '/login',
      handlers: [passwordGrant('accept'), ...ownerData],
    })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    await expectPath(router, '/account')
    expect(store.get(routeAfterLoginAtom)).toBeNull()
  })

  it('ignores a stored route that leaves the app', async () => {
    sessionStorage.setItem('homeward.routeAfterLogin', JSON.stringify('//evil.example/x'))
    const { router } = renderApp({ url: '/login', session: true })
    await expectPath(router, '/dashboard')
  })

  it('sends a signed-in owner to the dashboard', async () => {
    const { router } = renderApp({ url: '/login', session: true })
    await expectPath(router, '/dashboard')
  })

  it('Sign up navigates in the app', async () => {
    const { user, router } = renderApp({ url: '/login' })
    await user.click(await screen.findByRole('link', { name: 'Sign up' }))
    await expectPath(router, '/register')
  })

  it('Reset Password navigates in the app', async () => {
    const { user, router } = renderApp({ url: '/login' })
    await user.click(await screen.findByRole('link', { name: 'Reset Password' }))
    await expectPath(router, '/password-reset')
  })
})

describe('an unclaimed tag', () => {
  const unclaimed = http.post('*/rest/v1/rpc/tag_status', () =>
    HttpResponse.json({
      status: 'unclaimed',
      lost_note: null,
      return_instructions: null,
      own_item: null,
    }),
  )

  it('says why on the login screen, and lands on /activeTag with the code prefilled after login', async () => {
    const { user, router, store } = renderApp({
      url: '/tag?tagId=hwunclaim2',
      handlers: [unclaimed, passwordGrant('accept'), ...ownerData],
    })
    await expectPath(router, '/login')
    expect(
      await screen.findByText("This tag isn't activated yet. Log in or sign up to activate it."),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
    await user.type(screen.getByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    await expectPath(router, '/activeTag')
    expect(await screen.findByLabelText('TAG ID')).toHaveValue('HWUNCLAIM2')
    expect(store.get(routeAfterLoginAtom)).toBeNull()
  })
})
