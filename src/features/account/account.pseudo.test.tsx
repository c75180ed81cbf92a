import { http, HttpResponse } from 'msw'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@/lib/store'
import { userAtom } from '@/lib/store'
import { AccountForm } from '@/features/account/components/account-form'
import { MobileVerification } from '@/features/account/components/mobile-verification'
import { exportPage } from '@/features/account/export-page'
import { translate } from '@/lib/i18n/runtime'
import { fakeProfile, renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeUser, restGet } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const owner = fakeUser()
const profile = fakeProfile(owner) as unknown as Profile
/** The fake profile's own words (data, not messages). */
const PROFILE_WORDS = [
  owner.email!,
  'Olivia Owner',
  '1 High Street, Cambridge',
  'Cambridgeshire',
  'United Kingdom',
]

let restore = () => {}
beforeEach(() => {
  server.use(...ownerRealtime(), restGet('push_subscriptions', []))
  restore = usePseudoLocale()
})
afterEach(() => restore())

const buttons = (container: HTMLElement) => [...container.querySelectorAll('button')]

describe("Account Settings speaks the catalog's words (pseudo-locale)", () => {
  it('the form, a missing field, the delete confirmation and a failed deletion', async () => {
    server.use(
      http.post('*/functions/v1/delete-account', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      ),
    )
    const { container, store, user } = renderUi(<AccountForm />, { url: '/account' })
    act(() => store.set(userAtom, { authed: true, config: owner, doc: profile }))
    await waitFor(() => expect(container.querySelector('form')).toBeTruthy())
    expect(englishLeftIn(container, PROFILE_WORDS)).toEqual([])

    await user.clear(container.querySelector<HTMLInputElement>('input[autocomplete="name"]')!)
    await user.click(container.querySelector<HTMLButtonElement>('form button[type="submit"]')!)
    await screen.findByRole('alert')
    expect(englishLeftIn(container, PROFILE_WORDS)).toEqual([])

    // The owner's data: Download my data, then Delete my account.
    const section = container.querySelector<HTMLElement>('section')!
    await user.click(buttons(section)[1]!)
    await waitFor(() => expect(section.querySelector('[role="group"]')).toBeTruthy())
    expect(englishLeftIn(container, PROFILE_WORDS)).toEqual([])
    const group = section.querySelector<HTMLElement>('[role="group"]')!
    await user.click(buttons(group)[0]!)
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    expect(englishLeftIn(container, PROFILE_WORDS)).toEqual([])
  })
})

describe("the mobile number's verification speaks the catalog's words (pseudo-locale)", () => {
  const NUMBER = '07700900123'
  it('texts off, the code sent, a wrong code (one and more tries left), an expired code', async () => {
    const answers = [
      { outcome: 'wrong_code', attempts_left: 3 },
      { outcome: 'wrong_code', attempts_left: 1 },
      { outcome: 'expired', attempts_left: null },
    ]
    let verified = 0
    server.use(
      restGet('mobile_verifications', []),
      http.post('*/rest/v1/rpc/send_mobile_code', () =>
        HttpResponse.json({ mobile_number: NUMBER, expires_at: '2099-01-01T00:10:00Z' }),
      ),
      http.post('*/rest/v1/rpc/verify_mobile_code', () =>
        HttpResponse.json(answers[Math.min(verified++, answers.length - 1)]),
      ),
    )
    const { container, store, user } = renderUi(<MobileVerification />)
    act(() => store.set(userAtom, { authed: true, config: owner, doc: profile }))
    await screen.findByRole('heading')
    expect(englishLeftIn(container)).toEqual([])

    await user.click(container.querySelector<HTMLButtonElement>('button')!)
    await waitFor(() => expect(container.querySelector('form')).toBeTruthy())
    expect(englishLeftIn(container)).toEqual([])

    await user.click(container.querySelector<HTMLButtonElement>('form button[type="submit"]')!)
    await screen.findByRole('alert') // not six digits
    expect(englishLeftIn(container)).toEqual([])

    for (let answer = 0; answer < answers.length; answer++) {
      const field = container.querySelector<HTMLInputElement>('form input')
      if (!field) break
      const before = screen.getByRole('alert').textContent
      await user.clear(field)
      await user.type(field, '123456')
      await user.click(container.querySelector<HTMLButtonElement>('form button[type="submit"]')!)
      await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(before))
      expect(englishLeftIn(container)).toEqual([])
    }
    expect(verified).toBe(3)
  })
})

describe('the downloaded data page speaks the catalog’s words (pseudo-locale)', () => {
  it('headings, labels, empty sections and a missing photo', () => {
    const data = {
      exported_at: '2026-11-28T10:00:00Z',
      profile: { full_name: 'Olivia Owner', email: owner.email },
      items: [{ name: 'Keys', status: 'LOST', photo_path: 'item-1/p.jpg' }],
      messages: [{ body: 'Hello', photo_paths: [] }],
    }
    const html = exportPage(data, new Map(), translate)
    const page = new DOMParser().parseFromString(html, 'text/html')
    // The date is formatted en-GB (the owner's pages keep it): its month is data here.
    expect(
      englishLeftIn(page.documentElement, [
        'Olivia Owner',
        owner.email!,
        'Keys',
        'LOST',
        'Hello',
        'item-1/p.jpg',
        'November',
        'homeward-data',
      ]),
    ).toEqual([])
    expect(page.title).not.toBe('Your Homeward data')
  })
})
