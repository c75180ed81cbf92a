import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@/lib/store'
import { userAtom } from '@/lib/store'
import { NotificationSettings } from '@/features/push/components/notification-settings'
import { NotificationsOffer } from '@/features/push/components/notifications-offer'
import { fakeProfile, renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeUser, restGet } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const owner = fakeUser()
const profile = fakeProfile(owner) as unknown as Profile
const DEVICES = [
  {
    id: 'd1',
    browser: 'Chrome on Android',
    created_at: '2026-11-01T09:00:00Z',
    last_used_at: '2026-11-20T10:00:00Z',
  },
  { id: 'd2', browser: '', created_at: '2026-11-02T09:00:00Z', last_used_at: null },
]
/** The devices' names and dates: data (dates keep their en-GB form, months in English). */
const DATA_WORDS = ['Chrome on Android', 'Nov']
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A browser that can push, whose permission the owner refuses when asked. */
function pushThatIsRefused(permission: NotificationPermission) {
  const registration = { pushManager: { getSubscription: () => Promise.resolve(null) } }
  vi.stubGlobal('PushManager', function PushManager() {})
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission,
      requestPermission: () => Promise.resolve('denied'),
    }),
  )
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  })
}

let restore = () => {}
beforeEach(() => {
  localStorage.clear()
  server.use(...ownerRealtime(), restGet('push_subscriptions', DEVICES))
  restore = usePseudoLocale()
})
afterEach(() => {
  restore()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'userAgent')
})

describe("notifications speak the catalog's words (pseudo-locale)", () => {
  it('Account Settings: this device, the devices (named or not), refused permission, a bad number of minutes', async () => {
    pushThatIsRefused('default')
    const { container, store, user } = renderUi(<NotificationSettings />)
    act(() => store.set(userAtom, { authed: true, config: owner, doc: profile }))
    await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(2))
    await waitFor(() => expect(container.querySelectorAll('button')).toHaveLength(4))
    expect(englishLeftIn(container, DATA_WORDS)).toEqual([])

    await user.click(container.querySelector('button')!) // turn on: the browser says no
    await screen.findByRole('alert')
    expect(englishLeftIn(container, DATA_WORDS)).toEqual([])

    const minutes = container.querySelector<HTMLInputElement>('input[type="number"]')!
    await user.clear(minutes)
    await user.type(minutes, '0')
    await user.click(container.querySelector<HTMLButtonElement>('form button[type="submit"]')!)
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2))
    expect(englishLeftIn(container, DATA_WORDS)).toEqual([])
  })

  it('Account Settings where notifications are blocked', async () => {
    pushThatIsRefused('denied')
    const { container } = renderUi(<NotificationSettings />)
    await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(2))
    await waitFor(() => expect(container.querySelector('h2 + p')).toBeTruthy())
    expect(englishLeftIn(container, DATA_WORDS)).toEqual([])
  })

  it("the dashboard's offer: asked, refused, and on an iPhone outside the Home Screen", async () => {
    pushThatIsRefused('default')
    const asked = renderUi(<NotificationsOffer hasItems />)
    await waitFor(() => expect(asked.container.querySelectorAll('button')).toHaveLength(2))
    expect(englishLeftIn(asked.container)).toEqual([])
    await asked.user.click(asked.container.querySelector('button')!)
    await screen.findByRole('alert')
    expect(englishLeftIn(asked.container)).toEqual([])
    asked.unmount()

    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: IPHONE })
    const iphone = renderUi(<NotificationsOffer hasItems />)
    await waitFor(() => expect(iphone.container.querySelectorAll('button')).toHaveLength(1))
    expect(englishLeftIn(iphone.container)).toEqual([])
  })
})
