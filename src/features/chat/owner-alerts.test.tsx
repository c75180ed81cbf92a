import { ChakraProvider } from '@chakra-ui/react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, Provider } from '@/lib/jotai'
import { stateAtom, type Item } from '@/lib/store'
import { supabase } from '@/lib/supabase'
import { server } from '@/testing/server'
import {
  authSession,
  fakeSession,
  fakeUser,
  restGet,
  storeSession,
} from '@/testing/supabase-handlers'
import { system } from '@/theme/system'
import { ItemChatBadge } from '@/features/chat/components/item-chat-badge'
import { OwnerAlerts } from '@/features/chat/components/owner-alerts'
import { fakeRealtime, type FakeRealtime } from '@/features/chat/testing/fake-realtime'
import { useOwnerAlerts } from '@/features/chat/use-owner-alerts'

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const OWNER = fakeUser()
const KEYS = { id: 'item-keys-0001', chat: '11111111-1111-4111-8111-111111111111' }
const BAG = { id: 'item-bag-0002', chat: '22222222-2222-4222-8222-222222222222' }
const REPORT_ID = '33333333-3333-4333-8333-333333333333'

function Dashboard() {
  useOwnerAlerts(OWNER.id)
  return (
    <>
      <ul>
        <li aria-label="Keys">
          Keys <ItemChatBadge itemId={KEYS.id} />
        </li>
        <li aria-label="Rucksack">
          Rucksack <ItemChatBadge itemId={BAG.id} />
        </li>
      </ul>
      <OwnerAlerts />
    </>
  )
}

function renderDashboard() {
  const session = fakeSession(OWNER)
  storeSession(session)
  server.use(
    ...authSession(session),
    restGet('chats', [{ id: KEYS.chat, item_id: KEYS.id, created_at: '2026-11-20T10:00:00Z' }]),
    restGet('found_reports', [{ finder_name: 'Fiona Finder', found_location: 'Bus stop' }]),
  )
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <Dashboard /> },
      { path: '/chat', element: <p>chat page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  )
  const store = createStore()
  store.set(stateAtom, { items: [{ id: KEYS.id, name: 'Keys' } as Item] })
  render(
    <Provider store={store}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </Provider>,
  )
  return { router }
}

let realtime: FakeRealtime

beforeEach(() => {
  realtime = fakeRealtime()
  server.use(realtime.handler)
})

afterEach(async () => {
  vi.useRealTimers()
  await supabase.removeAllChannels()
  supabase.realtime.disconnect()
})

const card = (name: string) => screen.getByRole('listitem', { name })

describe('owner dashboard alerts', () => {
  it('shows which items have open chats, and new reports and messages at once', async () => {
    const user = userEvent.setup()
    const { router } = renderDashboard()
    const keysLink = await within(card('Keys')).findByRole(
      'link',
      { name: 'Open chat' },
      {
        timeout: 5_000,
      },
    )
    expect(keysLink).toHaveAttribute('href', `/chat?chatId=${KEYS.chat}`)
    expect(within(card('Rucksack')).queryByRole('link')).not.toBeInTheDocument()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`))

    const report = {
      report_id: REPORT_ID,
      chat_id: BAG.chat,
      item_id: BAG.id,
      item_name: 'Rucksack',
      created_at: '2026-11-21T12:00:00Z',
    }
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'report', report)
      realtime.broadcast(`owner:${OWNER.id}`, 'report', report)
    })
    const alerts = screen.getByRole('region', { name: 'Alerts' })
    expect(await within(alerts).findByText('Fiona Finder found your Rucksack!')).toBeVisible()
    expect(
      within(card('Rucksack')).getByRole('link', { name: 'Open chat, 1 new' }),
    ).toHaveAttribute('href', `/chat?chatId=${BAG.chat}`)

    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'message', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        message: {
          id: '44444444-4444-4444-8444-444444444444',
          chat_id: KEYS.chat,
          sender_id: 'finder',
          sender_role: 'finder',
          body: 'Found your keys',
          created_at: '2026-11-21T12:01:00Z',
        },
      })
    })
    expect(
      await within(alerts).findByText('New message about your Keys: “Found your keys”'),
    ).toBeVisible()
    expect(within(card('Keys')).getByRole('link', { name: 'Open chat, 1 new' })).toBeVisible()
    expect(within(alerts).getAllByRole('link', { name: 'Open chat' })).toHaveLength(2)

    await user.click(within(card('Rucksack')).getByRole('link', { name: 'Open chat, 1 new' }))
    expect(router.state.location.search).toBe(`?chatId=${BAG.chat}`)
  })

  it('ignores malformed events', async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), {
      timeout: 5_000,
    })
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'report', { item_id: BAG.id })
      realtime.broadcast(`owner:${OWNER.id}`, 'message', { chat_id: KEYS.chat })
      realtime.broadcast(`owner:${OWNER.id}`, 'report', {
        report_id: REPORT_ID,
        chat_id: BAG.chat,
        item_id: BAG.id,
        item_name: null,
      })
    })
    const alerts = screen.getByRole('region', { name: 'Alerts' })
    expect(await within(alerts).findByText('Fiona Finder found one of your items!')).toBeVisible()
    expect(within(alerts).getAllByRole('link', { name: 'Open chat' })).toHaveLength(1)
  })

  it('shows that it is offline when the owner topic has been unreachable for 10 s', async () => {
    server.resetHandlers()
    const refusing = fakeRealtime({ refuse: (topic) => topic.startsWith('owner:') })
    server.use(refusing.handler)
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout'] })
    renderDashboard()
    await within(card('Keys')).findByRole('link', { name: 'Open chat' }, { timeout: 5_000 })
    await act(() => vi.advanceTimersByTimeAsync(5_000))
    expect(screen.queryByText(/you are offline/i)).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(6_000))
    expect(
      screen.getByText(
        'You are offline. New reports and messages will show when the connection returns.',
      ),
    ).toBeVisible()
  })
})
