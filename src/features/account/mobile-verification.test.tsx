import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { ownerRealtime } from '@/testing/owner-realtime'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser, restGet } from '@/testing/supabase-handlers'
import { translate } from '@/lib/i18n/runtime'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
beforeEach(() => server.use(...ownerRealtime()))

const owner = fakeUser()
const NUMBER = '07700900123' // the fake profile's

function verifyAnswers(answers: { outcome: string; attempts_left: number | null }[]) {
  const seen: unknown[] = []
  return {
    seen,
    handler: http.post('*/rest/v1/rpc/verify_mobile_code', async ({ request }) => {
      seen.push(await request.json())
      // .single(): PostgREST answers the one row as an object
      return HttpResponse.json(answers[Math.min(seen.length - 1, answers.length - 1)])
    }),
  }
}

const sendCode = http.post('*/rest/v1/rpc/send_mobile_code', () =>
  HttpResponse.json({ mobile_number: NUMBER, expires_at: '2099-01-01T00:10:00Z' }),
)

function panel() {
  return screen.getByRole('region', { name: 'We are not texting you yet' })
}

describe('the dashboard and the mobile number', () => {
  it('says texts are off while the number is unverified, and verifies it with the texted code', async () => {
    const verify = verifyAnswers([
      { outcome: 'wrong_code', attempts_left: 4 },
      { outcome: 'verified', attempts_left: null },
    ])
    const { user } = renderApp({
      url: '/dashboard',
      session: { user: owner },
      handlers: [sendCode, verify.handler],
    })
    await screen.findByRole('heading', { name: 'We are not texting you yet' })
    expect(
      within(panel()).getByText(
        `Your mobile number ${NUMBER} is not verified, so when someone finds one of your items we tell you by e-mail only. Verify it with a code we text to it, and we will text you too.`,
      ),
    ).toBeInTheDocument()
    expect(
      within(panel()).getByRole('link', { name: /Change it in Account Settings/ }),
    ).toHaveAttribute('href', '/account')
    await user.click(within(panel()).getByRole('button', { name: 'Send me a code' }))
    expect(
      await within(panel()).findByText(
        `We texted a 6-digit code to ${NUMBER}. It works for 10 minutes.`,
      ),
    ).toBeInTheDocument()
    const input = within(panel()).getByLabelText('CODE FROM THE TEXT')
    await user.type(input, '12345')
    await user.click(within(panel()).getByRole('button', { name: 'Verify my number' }))
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Enter the 6 digits of the code we texted you.',
    )
    expect(verify.seen).toEqual([])
    await user.type(input, '6')
    await user.click(within(panel()).getByRole('button', { name: 'Verify my number' }))
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'That code is not right. You have 4 tries left.',
    )
    await user.clear(input)
    await user.type(input, '654321')
    await user.click(within(panel()).getByRole('button', { name: 'Verify my number' }))
    expect(
      await screen.findByText(
        /Your mobile number is verified\. We will text you when one of your items is found\./,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'We are not texting you yet' })).toBeNull()
    expect(verify.seen).toEqual([{ code: '123456' }, { code: '654321' }])
  })

  it('says nothing about texts once the number is verified', async () => {
    let reads = 0
    renderApp({
      url: '/dashboard',
      session: { user: owner },
      handlers: [
        restGet('mobile_verifications', () => {
          reads += 1
          return [
            { mobile_number: NUMBER, verified_at: '2026-11-01T10:00:00Z', code_expires_at: null },
          ]
        }),
      ],
    })
    await screen.findByText(/Your items/)
    await waitFor(() => expect(reads).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByText(/not texting you/)).toBeNull()
  })

  it('a verification of an older number does not count', async () => {
    renderApp({
      url: '/dashboard',
      session: { user: owner },
      handlers: [
        restGet('mobile_verifications', [
          {
            mobile_number: '07700900999',
            verified_at: '2026-11-01T10:00:00Z',
            code_expires_at: null,
          },
        ]),
      ],
    })
    expect(
      await screen.findByRole('heading', { name: 'We are not texting you yet' }),
    ).toBeInTheDocument()
  })

  it('too many codes: says when to try again, in words', async () => {
    const { user } = renderApp({
      url: '/dashboard',
      session: { user: owner },
      handlers: [
        http.post('*/rest/v1/rpc/send_mobile_code', () =>
          HttpResponse.json(
            { code: 'P0001', message: 'too_many_codes', details: 'retry after 600 s', hint: null },
            { status: 400 },
          ),
        ),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }))
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'You have asked for 5 codes in the last hour. Please try again later.',
    )
  })
})

describe('the tries left, in English', () => {
  it('one try, or several (an ICU plural in the catalog)', () => {
    const said = (attemptsLeft: number) => translate('account.mobile.wrongCode', { attemptsLeft })
    expect(said(1)).toBe('That code is not right. You have 1 try left.')
    expect(said(2)).toBe('That code is not right. You have 2 tries left.')
    expect(said(0)).toBe('That code is not right. You have 0 tries left.')
  })
})
