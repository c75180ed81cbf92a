import { ChakraProvider } from '@chakra-ui/react'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, Provider } from '@/lib/jotai'
import { stateAtom, type Item } from '@/lib/store'
import { supabase } from '@/lib/supabase'
import { server } from '@/testing/server'
import { authSession, fakeSession, fakeUser, storeSession } from '@/testing/supabase-handlers'
import { system } from '@/theme/system'
import { ItemConversations } from '@/features/owner-hub/components/item-conversations'
import { OwnerAlerts } from '@/features/owner-hub/components/owner-alerts'
import { fakeRealtime, type FakeRealtime } from '@/testing/fake-realtime'
import type { ConversationRow } from '@/lib/chat/types'
import { useOwnerAlerts } from '@/features/owner-hub/use-owner-alerts'

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const OWNER = fakeUser()
const KEYS = { id: 'item-keys-0001', chat: '11111111-1111-4111-8111-111111111111' }
const BAG = { id: 'item-bag-0002', chat: '22222222-2222-4222-8222-222222222222' }
const BAG_SECOND = '55555555-5555-4555-8555-555555555555'
const REPORT_ID = '33333333-3333-4333-8333-333333333333'

const conversation = (
  chatId: string,
  itemId: string,
  itemName: string,
  finder: string,
  where: string,
  unread = 0,
): ConversationRow => ({
  chat_id: chatId,
  report_id: `report-${chatId}`,
  item_id: itemId,
  item_name: itemName,
  finder_first_name: finder,
  found_location: where,
  found_at: '2026-11-21T10:00:00Z',
  unread,
  closed_at: null,
})

/** What list_conversations answers: the test changes it as the database would. */
let stored: ConversationRow[]
let listCalls: number
/** Reports the dashboard marked opened (mark_report_opened), in order. */
let opened: string[] = []

function Dashboard() {
  useOwnerAlerts(OWNER.id)
  return (
    <>
      <ul>
        <li aria-label="Keys">
          Keys <ItemConversations itemId={KEYS.id} />
        </li>
        <li aria-label="Rucksack">
          Rucksack <ItemConversations itemId={BAG.id} />
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
    http.post('*/rest/v1/rpc/list_conversations', () => {
      listCalls += 1
      return HttpResponse.json(stored)
    }),
    http.post('*/rest/v1/rpc/mark_report_opened', async ({ request }) => {
      const body = (await request.json()) as { report_id: string; via: string }
      opened.push(`${body.report_id} via ${body.via}`)
      return HttpResponse.json(true)
    }),
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
  stored = [conversation(KEYS.chat, KEYS.id, 'Keys', 'Fiona', 'Bus stop')]
  listCalls = 0
  opened = []
  realtime = fakeRealtime()
  server.use(realtime.handler)
})

afterEach(async () => {
  vi.useRealTimers()
  await supabase.removeAllChannels()
  supabase.realtime.disconnect()
})

const card = (name: string) => screen.getByRole('listitem', { name })
const LOAD = { timeout: 5_000 }

describe("the owner's hub", () => {
  it('lists every report of an item as its own conversation, and new reports and messages at once', async () => {
    const user = userEvent.setup()
    const { router } = renderDashboard()
    const keysLink = await within(card('Keys')).findByRole(
      'link',
      { name: 'Open chat with Fiona' },
      LOAD,
    )
    expect(keysLink).toHaveAttribute('href', `/chat?chatId=${KEYS.chat}`)
    expect(within(card('Keys')).getByText(/^Found by Fiona on .*: “Bus stop”$/)).toBeVisible()
    expect(within(card('Rucksack')).queryByRole('link')).not.toBeInTheDocument()
    // Seen on the dashboard is opened: its reminder is cancelled (once per report).
    await waitFor(() => expect(opened).toEqual([`report-${KEYS.chat} via dashboard`]))
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`))

    // Two reports on the rucksack: both are listed, newest first.
    stored = [
      conversation(BAG_SECOND, BAG.id, 'Rucksack', 'Gina', 'Library'),
      conversation(BAG.chat, BAG.id, 'Rucksack', 'Fred', 'Station'),
      ...stored,
    ]
    const report = {
      report_id: REPORT_ID,
      chat_id: BAG_SECOND,
      item_id: BAG.id,
      item_name: 'Rucksack',
      created_at: '2026-11-21T12:00:00Z',
    }
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'report', report)
      realtime.broadcast(`owner:${OWNER.id}`, 'report', report)
    })
    const alerts = screen.getByRole('region', { name: 'Alerts' })
    expect(await within(alerts).findByText('Gina found your Rucksack!')).toBeVisible()
    expect(within(alerts).getAllByText('Gina found your Rucksack!')).toHaveLength(1)
    await waitFor(() =>
      expect([...opened].sort()).toEqual(
        [
          `report-${KEYS.chat} via dashboard`,
          `report-${BAG_SECOND} via dashboard`,
          `report-${BAG.chat} via dashboard`,
        ].sort(),
      ),
    )
    const bagLinks = within(card('Rucksack')).getAllByRole('link')
    expect(bagLinks.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Open chat with Gina',
      'Open chat with Fred',
    ])
    expect(bagLinks.map((link) => link.getAttribute('href'))).toEqual([
      `/chat?chatId=${BAG_SECOND}`,
      `/chat?chatId=${BAG.chat}`,
    ])

    // the event carries the one conversation's unread count: the list is not fetched again
    const callsBeforeMessage = listCalls
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'message', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        position: 9,
        unread: 1,
        preview: 'Found your keys',
        photos: 0,
        quiet_seconds: 10,
      })
    })
    expect(
      await within(alerts).findByText('New message about your Keys: “Found your keys”'),
    ).toBeVisible()
    expect(
      await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona, 1 new' }),
    ).toBeVisible()
    expect(listCalls).toBe(callsBeforeMessage)

    await user.click(within(card('Rucksack')).getByRole('link', { name: 'Open chat with Fred' }))
    expect(router.state.location.search).toBe(`?chatId=${BAG.chat}`)
  })

  it("fetches the counts again when an alert's quiet window closes: later messages come with no alert", async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), LOAD)
    await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona' }, LOAD)
    stored = stored.map((c) => (c.chat_id === KEYS.chat ? { ...c, unread: 1 } : c))
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'message', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        position: 9,
        unread: 1,
        preview: 'Found your keys',
        photos: 0,
        quiet_seconds: 2,
      })
    })
    expect(
      await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona, 1 new' }),
    ).toBeVisible()
    // two more messages within the window: the database sends no alert for them
    stored = stored.map((c) => (c.chat_id === KEYS.chat ? { ...c, unread: 3 } : c))
    const callsBefore = listCalls
    expect(
      await within(card('Keys')).findByRole(
        'link',
        { name: 'Open chat with Fiona, 3 new' },
        { timeout: 5_000 },
      ),
    ).toBeVisible()
    expect(listCalls).toBe(callsBefore + 1)
  })

  it("a finder's long message or photo gets a short toast from the event's preview", async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), LOAD)
    await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona' }, LOAD)
    const alerts = screen.getByRole('region', { name: 'Alerts' })
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'message', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        position: 3,
        unread: 1,
        preview: 'x'.repeat(81),
        photos: 0,
        quiet_seconds: 10,
      })
      realtime.broadcast(`owner:${OWNER.id}`, 'message', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        position: 4,
        unread: 2,
        preview: '',
        photos: 2,
        quiet_seconds: 10,
      })
    })
    expect(
      await within(alerts).findByText(`New message about your Keys: “${'x'.repeat(79)}…”`),
    ).toBeVisible()
    expect(await within(alerts).findByText('New message about your Keys: 2 photos')).toBeVisible()
    expect(
      await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona, 2 new' }),
    ).toBeVisible()
  })

  it('shows a conversation closed elsewhere as closed, from the event', async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), LOAD)
    await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona' }, LOAD)
    expect(within(card('Keys')).queryByText('Conversation closed')).not.toBeInTheDocument()
    const before = listCalls
    act(() => {
      realtime.broadcast(`owner:${OWNER.id}`, 'closed', {
        chat_id: KEYS.chat,
        item_id: KEYS.id,
        closed_at: '2026-11-21T12:30:00Z',
        closed_reason: 'returned',
      })
    })
    expect(await within(card('Keys')).findByText('Conversation closed')).toBeVisible()
    expect(listCalls).toBe(before)
  })

  it('ignores malformed events', async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), LOAD)
    stored = [...stored, conversation(BAG.chat, BAG.id, 'Rucksack', 'Fred', 'Station')]
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
    expect(await within(alerts).findByText('Fred found one of your items!')).toBeVisible()
    expect(within(alerts).getAllByRole('link', { name: 'Open chat' })).toHaveLength(1)
  })

  it('refetches the list after the owner topic reconnects', async () => {
    renderDashboard()
    await waitFor(() => expect(realtime.joined).toContain(`owner:${OWNER.id}`), LOAD)
    const before = listCalls
    stored = [...stored, conversation(BAG.chat, BAG.id, 'Rucksack', 'Fred', 'Station')]
    act(() => realtime.dropAll())
    expect(
      await within(card('Rucksack')).findByRole(
        'link',
        { name: 'Open chat with Fred' },
        {
          timeout: 15_000,
        },
      ),
    ).toBeVisible()
    expect(listCalls).toBeGreaterThan(before)
  }, 20_000)

  it('shows that it is offline when the owner topic has been unreachable for 10 s', async () => {
    server.resetHandlers()
    const refusing = fakeRealtime({ refuse: (topic) => topic.startsWith('owner:') })
    server.use(refusing.handler)
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout'] })
    renderDashboard()
    await within(card('Keys')).findByRole('link', { name: 'Open chat with Fiona' }, LOAD)
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
