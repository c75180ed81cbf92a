import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { userAtom } from '@/lib/store'
import { browserLabel, pushSupport } from '@/features/push/push-support'
import { ownerRealtime } from '@/testing/owner-realtime'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser, restGet } from '@/testing/supabase-handlers'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const owner = fakeUser()
const item = {
  id: 'item-1',
  tag_id: 'tag-1',
  tag_code: 'HW7K3M9QPX',
  owner_id: owner.id,
  name: 'Red violin',
  status: null,
  found_by: null,
  created_at: '2026-02-01T09:00:00Z',
  status_changed_at: null,
  lost_note: null,
  return_instructions: null,
  photo_path: null,
}

const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: {
    p256dh:
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  },
}

/** A browser that can push: Notification, PushManager and a service worker registration. */
function installPush(permission: NotificationPermission = 'default') {
  const state = { permission, subscribed: false, asked: 0, subscribeKey: null as unknown }
  const pushManager = {
    getSubscription: () =>
      Promise.resolve(state.subscribed ? { ...SUBSCRIPTION, toJSON: () => SUBSCRIPTION } : null),
    subscribe: (options: { applicationServerKey: unknown }) => {
      state.subscribed = true
      state.subscribeKey = options.applicationServerKey
      return Promise.resolve({ ...SUBSCRIPTION, toJSON: () => SUBSCRIPTION })
    },
  }
  const registration = { pushManager }
  vi.stubGlobal('PushManager', function PushManager() {})
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return state.permission
      },
      requestPermission: () => {
        state.asked += 1
        state.permission = 'granted'
        return Promise.resolve('granted')
      },
    }),
  )
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      register: () => Promise.resolve(registration),
      ready: Promise.resolve(registration),
    },
  })
  return state
}

beforeEach(() => {
  localStorage.clear()
  server.use(...ownerRealtime())
})

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('what this browser can do', () => {
  it('an iPhone outside the Home Screen is told to add it first; labels read as the device list shows them', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
    expect(
      pushSupport({ userAgent: iphone, maxTouchPoints: 5, isStandalone: false, hasPush: false }),
    ).toBe('home-screen')
    expect(
      pushSupport({ userAgent: iphone, maxTouchPoints: 5, isStandalone: true, hasPush: true }),
    ).toBe('ready')
    expect(browserLabel(iphone)).toBe('Safari on iPhone')
    expect(
      browserLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android')
    expect(
      browserLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toBe('Firefox on Windows')
  })
})

describe('the dashboard’s offer', () => {
  it('is not made before the first activation, and never asks permission on page load', async () => {
    const push = installPush()
    renderApp({ url: '/dashboard', session: { user: owner, items: [] } })
    expect(await screen.findByText(/No items yet/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull()
    expect(push.asked).toBe(0)
  })

  it('once there is an item: the owner turns notifications on, the subscription is saved', async () => {
    const push = installPush()
    const saved: unknown[] = []
    const { user } = renderApp({
      url: '/dashboard',
      session: { user: owner, items: [item] },
      handlers: [
        http.post('*/rest/v1/rpc/save_push_subscription', async ({ request }) => {
          saved.push(await request.json())
          return HttpResponse.json('0d7f6c1e-1111-4222-8333-944455556666')
        }),
      ],
    })
    const offer = await screen.findByRole('region', { name: 'Notifications on this device' })
    expect(push.asked).toBe(0)
    await user.click(within(offer).getByRole('button', { name: 'Turn on notifications' }))
    expect(
      await within(offer).findByText('Notifications are on for this device.'),
    ).toBeInTheDocument()
    expect(push.asked).toBe(1)
    expect(push.subscribeKey).toBeInstanceOf(Uint8Array)
    expect((push.subscribeKey as Uint8Array).length).toBe(65)
    expect(saved).toEqual([
      {
        endpoint: SUBSCRIPTION.endpoint,
        p256dh: SUBSCRIPTION.keys.p256dh,
        auth: SUBSCRIPTION.keys.auth,
        browser: expect.any(String),
      },
    ])
  })

  it('“Not now” hides it on this device', async () => {
    installPush()
    const { user } = renderApp({ url: '/dashboard', session: { user: owner, items: [item] } })
    const offer = await screen.findByRole('region', { name: 'Notifications on this device' })
    await user.click(within(offer).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'Notifications on this device' })).toBeNull()
    expect(localStorage.getItem('homeward.push-offer-dismissed')).toBe('1')
  })
})

describe('Account Settings', () => {
  const devices = [
    {
      id: 'd1',
      browser: 'Chrome on Android',
      created_at: '2026-11-01T09:00:00Z',
      last_used_at: '2026-11-27T18:30:00Z',
    },
    {
      id: 'd2',
      browser: 'Firefox on Linux',
      created_at: '2026-11-20T09:00:00Z',
      last_used_at: null,
    },
  ]

  it('lists each device with its last use, and removes one', async () => {
    installPush('granted')
    const deleted: string[] = []
    const { user } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        restGet('push_subscriptions', devices),
        http.delete('*/rest/v1/push_subscriptions', ({ request }) => {
          deleted.push(new URL(request.url).searchParams.get('id') ?? '')
          return new HttpResponse(null, { status: 204 })
        }),
      ],
    })
    const section = await screen.findByRole('region', { name: 'Notifications' })
    expect(await within(section).findByText('Chrome on Android')).toBeInTheDocument()
    expect(within(section).getByText('Last used 27 Nov 2026, 18:30')).toBeInTheDocument()
    expect(within(section).getByText('Added 20 Nov 2026, 09:00, not used yet')).toBeInTheDocument()
    expect(
      within(section).getByRole('button', { name: 'Turn on notifications on this device' }),
    ).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Remove Firefox on Linux' }))
    await waitFor(() => expect(within(section).queryByText('Firefox on Linux')).toBeNull())
    expect(deleted).toEqual(['eq.d2'])
  })

  it('saves “only if I haven’t seen it within N minutes”, and refuses a bad number', async () => {
    const patches: unknown[] = []
    const { user, store } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        restGet('push_subscriptions', []),
        http.patch('*/rest/v1/profiles', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>
          patches.push(body)
          return HttpResponse.json({ ...store.get(userAtom).doc, ...body })
        }),
      ],
    })
    const section = await screen.findByRole('region', { name: 'Notifications' })
    expect(within(section).getByRole('radio', { name: 'Always' })).toBeChecked()
    const minutes = within(section).getByLabelText('Minutes before a text')
    await user.clear(minutes)
    await user.type(minutes, '0')
    await user.click(within(section).getByRole('button', { name: 'Save text preference' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Enter a number of minutes from 1 to 1440.',
    )
    expect(patches).toEqual([])
    await user.clear(minutes)
    await user.type(minutes, '20')
    await user.click(within(section).getByRole('button', { name: 'Save text preference' }))
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Your text preference was saved.',
    )
    expect(patches).toEqual([{ text_alerts: 'unseen', text_after_minutes: 20 }])
    expect(store.get(userAtom).doc?.text_alerts).toBe('unseen')
    await user.click(within(section).getByRole('radio', { name: 'Never' }))
    await user.click(within(section).getByRole('button', { name: 'Save text preference' }))
    await waitFor(() => expect(patches).toHaveLength(2))
    expect(patches[1]).toEqual({ text_alerts: 'never', text_after_minutes: 20 })
  })
})
