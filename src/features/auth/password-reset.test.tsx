import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { ownerRealtime } from '@/testing/owner-realtime'
import { expectPath, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser } from '@/testing/supabase-handlers'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })
// The dashboard's live alerts: a fake Realtime socket and no chats.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
beforeEach(() => server.use(...ownerRealtime()))

function recover(status: number, seen: { body: unknown; redirectTo: string | null }[] = []) {
  return http.post('*/auth/v1/recover', async ({ request }) => {
    seen.push({
      body: await request.json(),
      redirectTo: new URL(request.url).searchParams.get('redirect_to'),
    })
    if (status === 200) return HttpResponse.json({})
    return HttpResponse.json(
      { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' },
      { status, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
    )
  })
}

describe('/password-reset', () => {
  it('sends the recovery e-mail pointing at the update page', async () => {
    const seen: { body: unknown; redirectTo: string | null }[] = []
    const { user } = renderApp({ url: '/password-reset', handlers: [recover(200, seen)] })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset email sent. Please check your email.',
    )
    expect(seen).toEqual([
      {
        body: expect.objectContaining({ email: 'olivia.owner@example.com' }),
        redirectTo: `${window.location.origin}/password-reset/update`,
      },
    ])
  })

  it('says when sending failed', async () => {
    const { user } = renderApp({ url: '/password-reset', handlers: [recover(429)] })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset failed. Please try again.',
    )
  })

  it('an empty e-mail fails without a request', async () => {
    const { user } = renderApp({ url: '/password-reset' })
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password reset failed. Please try again.',
    )
  })

  it('links to /login and /register', async () => {
    renderApp({ url: '/password-reset' })
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
  })
})

describe('/password-reset/update (opened from the e-mailed link)', () => {
  it('sets the new password, then lands on the dashboard', async () => {
    const owner = fakeUser()
    const updates: unknown[] = []
    const { user, router } = renderApp({
      url: '/password-reset/update',
      session: { user: owner },
      handlers: [
        http.put('*/auth/v1/user', async ({ request }) => {
          updates.push(await request.json())
          return HttpResponse.json(owner)
        }),
      ],
    })
    await user.type(await screen.findByLabelText('NEW PASSWORD'), 'a new secret')
    await user.type(screen.getByLabelText('REPEAT PASSWORD'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Update password' }))
    await expectPath(router, '/dashboard')
    expect(updates).toEqual([expect.objectContaining({ password: 'a new secret' })])
  })

  it('refuses different passwords', async () => {
    const { user } = renderApp({ url: '/password-reset/update', session: true })
    await user.type(await screen.findByLabelText('NEW PASSWORD'), 'a new secret')
    await user.type(screen.getByLabelText('REPEAT PASSWORD'), 'another secret')
    await user.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.')
  })

  it('shows the service’s message when the password is refused', async () => {
    const { user } = renderApp({
      url: '/password-reset/update',
      session: true,
      handlers: [
        http.put('*/auth/v1/user', () =>
          HttpResponse.json(
            {
              code: 'same_password',
              message: 'New password should be different from the old password.',
            },
            { status: 422, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
          ),
        ),
      ],
    })
    await user.type(await screen.findByLabelText('NEW PASSWORD'), 'old secret')
    await user.type(screen.getByLabelText('REPEAT PASSWORD'), 'old secret')
    await user.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    )
  })

  it('a failure of the service (5xx) asks to try again, in our words', async () => {
    const { user } = renderApp({
      url: '/password-reset/update',
      session: true,
      handlers: [http.put('*/auth/v1/user', () => HttpResponse.json({}, { status: 503 }))],
    })
    await user.type(await screen.findByLabelText('NEW PASSWORD'), 'a new secret')
    await user.type(screen.getByLabelText('REPEAT PASSWORD'), 'a new secret')
    await user.click(screen.getByRole('button', { name: 'Update password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please try again\.$/)
  })

  it('without a recovery session says the link is no good', async () => {
    renderApp({ url: '/password-reset/update' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    )
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute(
      'href',
      '/password-reset',
    )
  })
})
