import { http, HttpResponse } from 'msw'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { userAtom } from '@/lib/store'
import { LoginForm } from '@/features/auth/components/login-form'
import { LoginPage } from '@/features/auth/components/login-page'
import { PasswordResetForm } from '@/features/auth/components/password-reset-form'
import { RegisterForm } from '@/features/auth/components/register-form'
import { UpdatePasswordForm } from '@/features/auth/components/update-password-form'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { paths } from '@/lib/paths'
import { renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { ownerRealtime } from '@/testing/owner-realtime'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const EMAIL = 'olivia.owner@example.com'

let restore = () => {}
beforeEach(() => {
  server.use(...ownerRealtime())
  restore = usePseudoLocale()
})
afterEach(() => restore())

/** The form's own submit button (the page's other buttons are links or outside the form). */
const submitOf = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('form button[type="submit"]')!

describe("the sign-in pages speak the catalog's words (pseudo-locale)", () => {
  it('login: the form, a refused sign-in of an unconfirmed address, and the link sent again', async () => {
    server.use(
      http.post('*/auth/v1/token', () =>
        HttpResponse.json(
          { code: 'email_not_confirmed', message: 'Email not confirmed' },
          { status: 400, headers: { 'X-Supabase-Api-Version': '2024-01-01' } },
        ),
      ),
      http.post('*/auth/v1/resend', () => HttpResponse.json({})),
    )
    const { container, user } = renderUi(<LoginForm />)
    await screen.findByRole('heading')
    expect(englishLeftIn(container)).toEqual([])
    const [email, password] = container.querySelectorAll('input')
    await user.type(email!, EMAIL)
    await user.type(password!, 'a-password')
    await user.click(submitOf(container))
    await screen.findByRole('alert')
    expect(englishLeftIn(container, [EMAIL])).toEqual([])
    const resend = container.querySelector<HTMLButtonElement>('[role="status"] ~ button')!
    await user.click(resend)
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2))
    expect(englishLeftIn(container, [EMAIL])).toEqual([])
  })

  it('login: just registered, and the notices of a chat link', async () => {
    const registered = renderUi(<LoginForm registeredEmail={EMAIL} />)
    await screen.findByRole('status')
    expect(englishLeftIn(registered.container, [EMAIL])).toEqual([])
    registered.unmount()

    const { container, store } = renderUi(<LoginPage />)
    act(() => store.set(routeAfterLoginAtom, `${paths.chat}?c=chat-1`))
    await screen.findByRole('status')
    expect(englishLeftIn(container)).toEqual([])
  })

  it('register: the form and a missing-fields error', async () => {
    const { container, user } = renderUi(<RegisterForm />)
    await screen.findByRole('heading')
    expect(englishLeftIn(container)).toEqual([])
    await user.click(submitOf(container))
    await screen.findByRole('alert')
    expect(englishLeftIn(container)).toEqual([])
  })

  it('password reset: the form and a failure', async () => {
    const { container, user } = renderUi(<PasswordResetForm />)
    await screen.findByRole('heading')
    expect(englishLeftIn(container)).toEqual([])
    await user.click(submitOf(container))
    await screen.findByRole('alert')
    expect(englishLeftIn(container)).toEqual([])
  })

  it('new password: the form, passwords that differ, and a link that no longer works', async () => {
    const { container, user, store } = renderUi(<UpdatePasswordForm />)
    await screen.findByRole('heading')
    expect(englishLeftIn(container)).toEqual([])
    const [password, repeat] = container.querySelectorAll('input')
    await user.type(password!, 'first-password')
    await user.type(repeat!, 'other-password')
    await user.click(submitOf(container))
    await screen.findByRole('alert')
    expect(englishLeftIn(container)).toEqual([])
    act(() => store.set(userAtom, { authed: false }))
    await screen.findByRole('link')
    expect(englishLeftIn(container)).toEqual([])
  })
})
