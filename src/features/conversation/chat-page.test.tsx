import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { supabase } from '@/lib/supabase'
import { server } from '@/testing/server'
import { renderApp } from '@/testing/render-app'
import { useScreen } from '@/testing/media'
import { checkPhoto, fakeSession, fakeUser, restGet, rpc } from '@/testing/supabase-handlers'
import { fakeRealtime, type FakeRealtime } from '@/testing/fake-realtime'
import { PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import {
  chosenFile,
  installBrowserImages,
  JPEG_BYTES,
  SVG_TEXT,
  type BrowserImages,
} from '@/testing/browser-images'
import type { MessageRow } from '@/lib/chat/types'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'
import { translate } from '@/lib/i18n/runtime'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

// The real client, with a WebSocket looked up at connect time so msw intercepts it.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const CHAT_ID = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'
const OWNER = fakeUser()
const FINDER = fakeUser({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  email: '',
  is_anonymous: true,
  app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
  user_metadata: {},
})
/** A registered user who found someone else's item: that chat's finder. */
const REGISTERED_FINDER = fakeUser({ id: FINDER.id, email: 'rita.finder@example.com' })
const TOKEN = 'secret-invite-token-0123456789abcdef'

function row(n: number, role: 'owner' | 'finder', body: string): MessageRow {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    chat_id: CHAT_ID,
    sender_id: role === 'owner' ? OWNER.id : FINDER.id,
    sender_role: role,
    body,
    created_at: `2026-11-21T10:0${n}:00.000Z`,
    position: n,
    scam_signals: [],
    photo_paths: [],
  }
}

const HISTORY = [
  row(2, 'owner', 'Thank you so much! Where are you?'),
  row(1, 'finder', 'Hello, I found your rucksack.'),
]

type Backend = {
  rows: MessageRow[]
  posts: { body: Record<string, unknown>; prefer: string }[]
  messageGets: URL[]
  joins: unknown[]
  linkRequests: unknown[]
  /** Calls of return_preview, mark_item_returned and close_conversation, in order. */
  ownerCalls: { name: string; body: unknown }[]
  /** Set once the conversation is closed (as app_private.close_chat would). */
  closed: { reason: string; itemStatus: string | null } | null
  /** How POST /messages answers: stored, an error, or never. */
  postMode: 'ok' | 'error' | 'hang' | 'too_many'
  isDown: boolean
  /** What chat_link_status answers (why a link is refused, or why a gone chat ended). */
  linkStatus: {
    status: string
    closed_reason: string | null
    at: string | null
    details_deleted_at: string | null
  }
  /** What chat_ways_back and chat_returns answer, and the ways-back calls made. */
  waysBack: {
    options: string[]
    foundAt: [number, number, number] | null
    returns: Record<string, unknown> | null
    calls: { name: string; body: unknown }[]
  }
  /** The reader's safety notices, and the report / block calls made. */
  safety: { notices: Record<string, unknown>[]; calls: { name: string; body: unknown }[] }
  /** The language the finder writes in (chat_summary's finder_language). */
  finderLanguage: string
}

let realtime: FakeRealtime
let backend: Backend

/** The date the finder's details go once the conversation is closed ('28 November 2026'). */
const DELETED_ON = '2026-11-28T12:00:00.000Z'

const SUMMARY = {
  chat_id: CHAT_ID,
  item_id: 'item-rucksack-1',
  item_name: 'Blue rucksack',
  item_status: null,
  finder_first_name: 'Fiona',
  found_location: 'Bus stop on Hills Road',
  found_at: '2026-11-21T09:58:00.000Z',
}

function chatBackend(role: 'owner' | 'finder' | null, join: JoinAnswer = 'ok') {
  backend = {
    rows: [...HISTORY],
    posts: [],
    messageGets: [],
    joins: [],
    linkRequests: [],
    ownerCalls: [],
    closed: null,
    postMode: 'ok',
    isDown: false,
    waysBack: { options: ['hand_in', 'meet', 'post'], foundAt: null, returns: null, calls: [] },
    linkStatus: { status: 'unknown', closed_reason: null, at: null, details_deleted_at: null },
    safety: { notices: [], calls: [] },
    finderLanguage: 'en',
  }
  const whileUp = async () => {
    if (backend.isDown) await delay('infinite')
  }
  return [
    http.post('*/auth/v1/signup', () => HttpResponse.json(fakeSession(FINDER))),
    http.post('*/rest/v1/rpc/join_chat', async ({ request }) => {
      backend.joins.push(await request.json())
      if (join === 'ok' && role) return HttpResponse.json(role)
      return HttpResponse.json(
        {
          code: 'P0001',
          message: join === 'bound' ? 'invite_bound' : 'invalid_invite',
          details: null,
          hint: null,
        },
        { status: 400 },
      )
    }),
    http.post('*/rest/v1/rpc/chat_summary', () =>
      HttpResponse.json(
        role
          ? [
              {
                ...SUMMARY,
                viewer_role: role,
                item_status: backend.closed ? backend.closed.itemStatus : SUMMARY.item_status,
                closed_at: backend.closed ? '2026-11-21T12:00:00.000Z' : null,
                closed_reason: backend.closed?.reason ?? null,
                return_options: backend.waysBack.options,
                finder_language: backend.finderLanguage,
                finder_details_deleted_on: !backend.closed
                  ? '2026-12-21T09:58:00.000Z'
                  : backend.closed.reason === 'purged'
                    ? null
                    : DELETED_ON,
              },
            ]
          : [],
      ),
    ),
    http.post('*/rest/v1/rpc/chat_link_status', () => HttpResponse.json([backend.linkStatus])),
    http.post('*/rest/v1/rpc/return_preview', async ({ request }) => {
      backend.ownerCalls.push({ name: 'return_preview', body: await request.json() })
      return HttpResponse.json([{ open_conversations: 2, finder_details_deleted_on: DELETED_ON }])
    }),
    http.post('*/rest/v1/rpc/mark_item_returned', async ({ request }) => {
      backend.ownerCalls.push({ name: 'mark_item_returned', body: await request.json() })
      backend.closed = { reason: 'returned', itemStatus: 'FOUND' }
      return HttpResponse.json([
        {
          id: SUMMARY.item_id,
          status: 'FOUND',
          conversations_closed: 2,
          finder_details_deleted_on: DELETED_ON,
        },
      ])
    }),
    http.post('*/rest/v1/rpc/close_conversation', async ({ request }) => {
      backend.ownerCalls.push({ name: 'close_conversation', body: await request.json() })
      backend.closed = { reason: 'closed_by_owner', itemStatus: null }
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('*/rest/v1/rpc/chat_ways_back', () => {
      const { options, foundAt } = backend.waysBack
      return HttpResponse.json(
        role
          ? [
              {
                return_options: options,
                item_status: 'LOST',
                found_latitude: foundAt?.[0] ?? null,
                found_longitude: foundAt?.[1] ?? null,
                found_accuracy_m: foundAt?.[2] ?? null,
                found_position_at: foundAt ? '2026-11-21T10:30:00.000Z' : null,
              },
            ]
          : [],
      )
    }),
    http.get('*/rest/v1/chat_returns', ({ request }) => {
      const row = role ? backend.waysBack.returns : null
      const single = (request.headers.get('accept') ?? '').includes('vnd.pgrst.object')
      if (!single) return HttpResponse.json(row ? [row] : [])
      return row
        ? HttpResponse.json(row)
        : HttpResponse.json(
            {
              code: 'PGRST116',
              message: 'no rows',
              details: 'The result contains 0 rows',
              hint: null,
            },
            { status: 406 },
          )
    }),
    ...[
      'share_found_location',
      'record_hand_in',
      'ask_for_postal_address',
      'share_postal_address',
      'withdraw_postal_address',
    ].map((name) =>
      http.post(`*/rest/v1/rpc/${name}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        backend.waysBack.calls.push({ name, body })
        return new HttpResponse(null, { status: 204 })
      }),
    ),
    http.post('*/rest/v1/rpc/mark_chat_read', () => new HttpResponse(null, { status: 204 })),
    http.post('*/rest/v1/rpc/request_chat_link', async ({ request }) => {
      backend.linkRequests.push(await request.json())
      return new HttpResponse(null, { status: 204 })
    }),
    http.get('*/rest/v1/safety_notices', () => HttpResponse.json(backend.safety.notices)),
    http.get('*/rest/v1/finder_blocks', () => HttpResponse.json([])),
    ...['report_conversation', 'block_finder', 'leave_conversation'].map((name) =>
      http.post(`*/rest/v1/rpc/${name}`, async ({ request }) => {
        backend.safety.calls.push({ name, body: await request.json() })
        if (name === 'block_finder') backend.closed = { reason: 'blocked', itemStatus: null }
        return HttpResponse.json(name === 'report_conversation' ? 'report-1' : null)
      }),
    ),
    http.get('*/rest/v1/messages', async ({ request }) => {
      await whileUp()
      const url = new URL(request.url)
      backend.messageGets.push(url)
      const after = Number(url.searchParams.get('position')?.replace(/^gt\./, '') ?? '0')
      const byId = url.searchParams.get('id')?.replace(/^eq\./, '')
      const rows = backend.rows
        .filter((r) => byId || r.position > after)
        .filter((r) => !byId || r.id === byId)
        .sort((a, b) => a.position - b.position)
      return HttpResponse.json(rows)
    }),
    http.post('*/rest/v1/messages', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      backend.posts.push({ body, prefer: request.headers.get('prefer') ?? '' })
      await whileUp()
      if (backend.postMode === 'hang') await delay('infinite')
      if (backend.closed) {
        return HttpResponse.json(
          { code: 'P0001', message: 'chat_closed', details: null, hint: 'chat_closed' },
          { status: 400 },
        )
      }
      if (backend.postMode === 'too_many') {
        return HttpResponse.json(
          { code: 'P0001', message: 'too_many_messages', details: '42', hint: null },
          { status: 400 },
        )
      }
      if (backend.postMode === 'error') {
        return HttpResponse.json(
          { code: '57014', message: 'canceling statement due to statement timeout' },
          { status: 500 },
        )
      }
      if (backend.rows.some((r) => r.id === body.id)) return HttpResponse.json([], { status: 201 })
      const stored = {
        id: String(body.id),
        chat_id: String(body.chat_id),
        sender_id: role === 'owner' ? OWNER.id : FINDER.id,
        sender_role: role ?? 'finder',
        body: String(body.body),
        created_at: `2026-11-21T11:${String(backend.rows.length).padStart(2, '0')}:00.000Z`,
        position: Math.max(...backend.rows.map((r) => r.position)) + 1,
        photo_paths: Array.isArray(body.photo_paths) ? (body.photo_paths as string[]) : [],
        scam_signals: [],
      }
      backend.rows.push(stored)
      return HttpResponse.json([stored], { status: 201 })
    }),
  ]
}

type JoinAnswer = 'ok' | 'invalid' | 'bound'

function openChat(options: {
  as: 'owner' | 'finder-link' | 'registered-finder' | 'stranger'
  join?: JoinAnswer
  url?: string
}) {
  const isMember = options.as !== 'stranger' && (options.join ?? 'ok') === 'ok'
  const role = !isMember ? null : options.as === 'owner' ? 'owner' : 'finder'
  const handlers = chatBackend(role, options.join)
  const withToken = options.as === 'finder-link' || (options.join ?? 'ok') !== 'ok'
  const url = options.url ?? `/chat?chatId=${CHAT_ID}${withToken ? `#token=${TOKEN}` : ''}`
  const session =
    options.as === 'registered-finder'
      ? { user: REGISTERED_FINDER }
      : options.as === 'owner' || options.as === 'stranger'
        ? true
        : undefined
  return renderApp({ url, session, handlers })
}

/** The first screen can be slow on a busy machine: the route chunk loads lazily. */
const LOAD = { timeout: 10_000 }
const chatShown = () => screen.findByText('Hello, I found your rucksack.', undefined, LOAD)
const invalidShown = () =>
  screen.findByRole('heading', { name: 'This chat link is not valid or has expired.' }, LOAD)

const messageList = () => screen.getByRole('list', { name: 'Messages' })
const composer = () => screen.getByRole('textbox', { name: 'Message' })

beforeEach(() => {
  // A laptop unless a test says otherwise: the chat's details sit beside it.
  useScreen('laptop')
  realtime = fakeRealtime()
  // The chat's receipts (finder) and "opened" (owner): see receipts.tsx.
  server.use(realtime.handler, restGet('chats', []), rpc('mark_chat_opened', true))
})

afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  // One client per test file: close its socket so the next test meets its own fake server.
  await supabase.removeAllChannels()
  supabase.realtime.disconnect()
})

// The first screen loads the route chunk lazily: slow on a busy machine.
describe('chat entry and roles', { timeout: 20_000 }, () => {
  it('signs a finder in anonymously, joins with the token, then drops it from the address', async () => {
    const { router } = openChat({ as: 'finder-link' })
    expect(await chatShown()).toBeInTheDocument()
    expect(backend.joins).toEqual([{ chat_id: CHAT_ID, token: TOKEN }])
    expect(router.state.location.hash).toBe('')
    expect(router.state.location.search).toBe(`?chatId=${CHAT_ID}`)
    expect(screen.getByText('With the owner of the item you found')).toBeVisible()
    const items = within(messageList()).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You.*Hello, I found your rucksack\.$/),
      expect.stringMatching(/^The owner.*Thank you so much! Where are you\?$/),
    ])
    expect(screen.getByRole('heading', { name: 'Blue rucksack' })).toBeVisible()
    expect(screen.getByRole('complementary', { name: 'Stay safe' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Mark as returned' })).not.toBeInTheDocument()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
  })

  it('lets the signed-in owner in by membership, without a token', async () => {
    openChat({ as: 'owner' })
    expect(await chatShown()).toBeInTheDocument()
    expect(backend.joins).toEqual([{ chat_id: CHAT_ID, token: '' }])
    expect(screen.getByText('With Fiona, who found it')).toBeVisible()
    const items = within(messageList()).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent(/^Fiona, finder/)
    expect(items[1]).toHaveTextContent(/^You/)
    expect(screen.getByRole('heading', { name: 'Blue rucksack' })).toBeVisible()
    expect(screen.getByText(/^Found by Fiona on .*: “Bus stop on Hills Road”$/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('tells the owner which language the finder writes in', async () => {
    openChat({ as: 'owner' })
    // Read when chat_summary is asked, after the render.
    backend.finderLanguage = 'pl'
    expect(await chatShown()).toBeInTheDocument()
    expect(await screen.findByText('Writes in Polish')).toBeVisible()
    expect(screen.getByText('With Fiona, who found it')).toBeVisible()
  })

  it('says nothing of the language when the finder writes in English', async () => {
    openChat({ as: 'owner' })
    expect(await chatShown()).toBeInTheDocument()
    expect(screen.getByText('With Fiona, who found it')).toBeVisible()
    expect(screen.queryByText(/^Writes in/)).not.toBeInTheDocument()
  })

  it("does not show the finder their own language's label", async () => {
    openChat({ as: 'finder-link' })
    backend.finderLanguage = 'pl'
    expect(await chatShown()).toBeInTheDocument()
    expect(screen.getByText('With the owner of the item you found')).toBeVisible()
    expect(screen.queryByText(/Writes in/)).not.toBeInTheDocument()
  })

  it('lets the finder delete their details now, after saying what happens; the owner has no such button', async () => {
    const deletions: unknown[] = []
    let logouts = 0
    server.use(
      http.post('*/functions/v1/delete-my-details', async ({ request }) => {
        deletions.push(await request.json())
        return HttpResponse.json({ deleted: true })
      }),
      // The anonymous finder no longer exists: the browser forgets its session.
      http.post('*/auth/v1/logout', () => {
        logouts += 1
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Delete my details now' }))
    expect(screen.getByRole('group', { name: 'Delete your details?' })).toHaveTextContent(
      'the owner will be told you left',
    )
    await user.click(screen.getByRole('button', { name: 'Keep talking' }))
    expect(deletions).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete my details now' }))
    await user.click(screen.getByRole('button', { name: 'Delete my details' }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' })
    expect(closed).toHaveTextContent('You deleted your details, so this conversation is closed.')
    expect(closed).toHaveTextContent('nothing of yours is kept')
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeVisible()
    expect(deletions).toEqual([{ chat_id: CHAT_ID }])
    await waitFor(() => expect(logouts).toBe(1))
    expect(screen.queryByText('Hello, I found your rucksack.')).not.toBeInTheDocument()
  })

  it("opens asking to delete the finder's details when they follow their e-mail's link, and deletes nothing until they confirm", async () => {
    const deletions: unknown[] = []
    server.use(
      http.post('*/functions/v1/delete-my-details', async ({ request }) => {
        deletions.push(await request.json())
        return HttpResponse.json({ deleted: true })
      }),
      http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),
    )
    const { user } = openChat({
      as: 'finder-link',
      url: `/chat?chatId=${CHAT_ID}&delete=my-details#token=${TOKEN}`,
    })
    await chatShown()
    const question = screen.getByRole('group', { name: 'Delete your details?' })
    expect(question).toHaveTextContent('the owner will be told you left')
    expect(backend.joins).toEqual([{ chat_id: CHAT_ID, token: TOKEN }])
    expect(deletions).toEqual([])
    await user.click(within(question).getByRole('button', { name: 'Delete my details' }))
    expect(await screen.findByRole('status', { name: 'Conversation closed' })).toHaveTextContent(
      'You deleted your details, so this conversation is closed.',
    )
    expect(deletions).toEqual([{ chat_id: CHAT_ID }])
  })

  it("ignores the finder's deletion link when the owner opens it", async () => {
    openChat({ as: 'owner', url: `/chat?chatId=${CHAT_ID}&delete=my-details` })
    await chatShown()
    expect(screen.queryByRole('group', { name: 'Delete your details?' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete my details now' })).not.toBeInTheDocument()
  })

  it('shows the owner no "Delete my details now"', async () => {
    openChat({ as: 'owner' })
    await chatShown()
    expect(screen.queryByRole('button', { name: 'Delete my details now' })).not.toBeInTheDocument()
  })

  it('asks the owner first, in plain words with the deletion date, then marks the item returned', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Mark as returned' }))
    const question = await screen.findByRole('alertdialog', {
      name: 'Mark Blue rucksack as returned?',
    })
    expect(question).toHaveTextContent('Blue rucksack will be marked FOUND.')
    expect(question).toHaveTextContent(
      'All 2 of its open conversations, this one included, will be closed: each finder is told in the chat and by e-mail that the item is home',
    )
    expect(question).toHaveTextContent("The finders' details will be deleted on 28 November 2026.")
    expect(backend.ownerCalls.map((call) => call.name)).toEqual(['return_preview'])

    await user.click(within(question).getByRole('button', { name: 'Yes, mark as returned' }))
    expect(await screen.findByText('Returned: marked FOUND', undefined, LOAD)).toBeVisible()
    expect(backend.ownerCalls).toEqual([
      { name: 'return_preview', body: { item_id: SUMMARY.item_id } },
      { name: 'mark_item_returned', body: { item_id: SUMMARY.item_id } },
    ])
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent('You marked Blue rucksack as returned.')
    expect(closed).toHaveTextContent("The finder's details will be deleted on 28 November 2026.")
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark as returned' })).not.toBeInTheDocument()
  })

  it('changes nothing when the owner cancels the question', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Mark as returned' }))
    const question = await screen.findByRole('alertdialog')
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(backend.ownerCalls.map((call) => call.name)).toEqual(['return_preview'])
    expect(composer()).toBeVisible()
  })

  it('lets the owner close this one conversation without marking the item returned', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Close this conversation' }))
    const question = await screen.findByRole('alertdialog', {
      name: 'Close this conversation with Fiona?',
    })
    expect(question).toHaveTextContent("Fiona's details will be deleted on 28 November 2026.")
    await user.click(within(question).getByRole('button', { name: 'Yes, close it' }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent('You closed this conversation with Fiona.')
    expect(backend.ownerCalls.map((call) => call.name)).toEqual([
      'return_preview',
      'close_conversation',
    ])
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    // Nothing is offered on a closed conversation (the item's status is on its own page).
    expect(screen.queryByRole('button', { name: 'Mark as returned' })).not.toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Close this conversation' }),
    ).not.toBeInTheDocument()
  })

  it('shows the owner a conversation the retention purge emptied as closed, with no deletion date to come', async () => {
    openChat({ as: 'owner' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    backend.closed = { reason: 'purged', itemStatus: null }
    act(() => realtime.broadcast(`chat:${CHAT_ID}`, 'closed', { chat_id: CHAT_ID }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent(
      "The finder's details were deleted, as our privacy notice says, so this conversation is closed.",
    )
    expect(closed).not.toHaveTextContent('will be deleted on')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
  })

  it("turns the finder's open chat read-only the moment the owner marks the item returned", async () => {
    openChat({ as: 'finder-link' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    expect(composer()).toBeVisible()
    backend.closed = { reason: 'returned', itemStatus: 'FOUND' }
    act(() => realtime.broadcast(`chat:${CHAT_ID}`, 'closed', { chat_id: CHAT_ID }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent(
      'Blue rucksack is home: the owner has marked it returned. Thank you for helping it find its way back!',
    )
    expect(closed).toHaveTextContent('Your details will be deleted on 28 November 2026.')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    // What was said stays readable.
    expect(within(messageList()).getAllByRole('listitem')).toHaveLength(2)
  })

  it("closes the finder's open chat live when the owner's account is deleted, saying so as the database kept it", async () => {
    openChat({ as: 'finder-link' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    expect(composer()).toBeVisible()
    // The chat no longer exists: chat_summary answers nothing for it; chat_link_status
    // says why it ended (app_private.chat_endings).
    server.use(http.post('*/rest/v1/rpc/chat_summary', () => HttpResponse.json([])))
    backend.linkStatus = {
      status: 'ended',
      closed_reason: 'account_deleted',
      at: '2026-11-21T12:00:00.000Z',
      details_deleted_at: '2026-11-21T12:00:00.000Z',
    }
    act(() => realtime.broadcast(`chat:${CHAT_ID}`, 'closed', { chat_id: CHAT_ID }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent(
      'The owner has deleted their Homeward account, so this conversation is closed.',
    )
    expect(closed).toHaveTextContent('No more messages can be sent in it.')
    expect(closed).toHaveTextContent(
      'Your name, contact details and this conversation have been deleted',
    )
    expect(closed).toHaveTextContent(
      'please hand it in at a police station or a lost property office',
    )
    expect(closed).not.toHaveTextContent('will be deleted on')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    // Their details are gone already: nothing offers to delete them.
    expect(screen.queryByRole('button', { name: 'Delete my details now' })).not.toBeInTheDocument()
  })

  it('a message refused because the conversation closed meanwhile shows why and removes the box', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    backend.closed = { reason: 'closed_by_owner', itemStatus: null }
    await user.type(composer(), 'Are you still there?{Enter}')
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent('The owner has closed this conversation.')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
  })

  it('labels only the viewer\'s own messages "You", never everything of their role', async () => {
    openChat({ as: 'owner' })
    backend.rows.push({
      ...row(3, 'owner', 'Sent from the owner on another device'),
      sender_id: 'another-session',
    })
    await chatShown()
    const item = (await screen.findByText('Sent from the owner on another device')).closest('li')
    expect(item).toHaveTextContent(/^The owner/)
  })

  it("makes a registered user who found someone else's item that chat's finder", async () => {
    openChat({ as: 'registered-finder' })
    expect(
      await screen.findByText('With the owner of the item you found', undefined, LOAD),
    ).toBeVisible()
    await chatShown()
    expect(within(messageList()).getAllByRole('listitem')[0]).toHaveTextContent(/^You/)
  })

  it('shows an invalid or expired link clearly, and nothing of the chat', async () => {
    openChat({ as: 'finder-link', join: 'invalid' })
    expect(await invalidShown()).toBeVisible()
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeVisible()
    expect(backend.joins).toHaveLength(1)
    expect(backend.messageGets).toHaveLength(0)
    expect(screen.queryByText('Hello, I found your rucksack.')).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    expect(realtime.joined).toEqual([])
  })

  it('says when the backend cannot be reached, and tries again on request', async () => {
    const { user } = openChat({ as: 'owner' })
    server.use(http.post('*/rest/v1/rpc/join_chat', () => HttpResponse.error(), { once: true }))
    const problem = await screen.findByText(
      'We could not reach Homeward. Check your connection and try again.',
      undefined,
      LOAD,
    )
    expect(problem).toHaveAttribute('role', 'alert')
    expect(
      screen.queryByText('This chat link is not valid or has expired.'),
    ).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await chatShown()).toBeInTheDocument()
  })

  it('a finder link already joined elsewhere shows nothing and sends a new link on request', async () => {
    const { user } = openChat({ as: 'finder-link', join: 'bound' })
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This chat link is already in use on another device.' },
        LOAD,
      ),
    ).toBeVisible()
    expect(backend.messageGets).toHaveLength(0)
    expect(realtime.joined).toEqual([])
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }))
    expect(await screen.findByText(/We have e-mailed you a new link/)).toBeVisible()
    expect(backend.linkRequests).toEqual([{ chat_id: CHAT_ID, token: TOKEN }])
  })

  it('a forwarded link leaves the address bar once read, and its Login button brings the owner back to this chat', async () => {
    const { user, router } = openChat({ as: 'finder-link', join: 'bound' })
    expect(
      await screen.findByText(/Or log in if this is your item\./, undefined, LOAD),
    ).toBeVisible()
    await waitFor(() => expect(router.state.location.hash).toBe(''))
    expect(router.state.location.pathname).toBe('/chat')
    expect(router.state.location.search).toBe(`?chatId=${CHAT_ID}`)
    // The token read stays with the page: a new link can still be asked for.
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }))
    expect(await screen.findByText(/We have e-mailed you a new link/)).toBeVisible()
    expect(backend.linkRequests).toEqual([{ chat_id: CHAT_ID, token: TOKEN }])

    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LOAD)
    expect(
      await screen.findByText(
        /^Log in to open the conversation about your item\./,
        undefined,
        LOAD,
      ),
    ).toHaveAttribute('role', 'status')
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeVisible()
    expect(router.state.location.hash).toBe('')
  })

  it('says so when too many new links were asked for', async () => {
    const { user } = openChat({ as: 'finder-link', join: 'bound' })
    server.use(
      http.post('*/rest/v1/rpc/request_chat_link', () =>
        HttpResponse.json(
          { code: 'P0001', message: 'too_many_requests', details: '1200', hint: null },
          { status: 400 },
        ),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Send me a new link' }, LOAD))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many new links were asked for. Please try again later.',
    )
  })

  it('refuses a signed-in user who is not a member', async () => {
    openChat({ as: 'stranger' })
    expect(await invalidShown()).toBeVisible()
    expect(backend.messageGets).toHaveLength(0)
  })

  it("sends a signed-out owner (the owner's link has no token) to log in, then back to the same chat", async () => {
    const handlers = chatBackend('owner')
    const { user, router } = renderApp({
      url: `/chat?chatId=${CHAT_ID}`,
      handlers: [
        ...handlers,
        http.post('*/auth/v1/token', () => HttpResponse.json(fakeSession(OWNER))),
        http.get('*/auth/v1/user', () => HttpResponse.json(OWNER)),
        restGet('profiles', [{ id: OWNER.id, email: OWNER.email, full_name: 'Olivia Owner' }]),
        restGet('items', []),
        rpc('list_conversations', []),
      ],
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), LOAD)
    expect(backend.joins).toEqual([])
    // The login page says why it is shown.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Log in to open the conversation about your item. You will go straight to it afterwards.',
    )
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeVisible()
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'), LOAD)
    expect(router.state.location.search).toBe(`?chatId=${CHAT_ID}`)
    expect(await chatShown()).toBeInTheDocument()
    expect(backend.joins).toEqual([{ chat_id: CHAT_ID, token: '' }])
  })

  it('refuses a malformed chat id', async () => {
    renderApp({ url: '/chat?chatId=not-a-chat#token=abc' })
    expect(await invalidShown()).toBeVisible()
  })
})

describe("the finder's receipts", { timeout: 20_000 }, () => {
  it('name the report until the finder has written, then the message', async () => {
    server.use(
      restGet('chats', [{ report_id: 'report-1' }]),
      restGet('found_reports', [
        {
          owner_notified_at: '2026-11-21T10:00:00.000Z',
          owner_notified_channels: ['email', 'sms'],
          owner_seen_chat_at: '2026-11-21T10:05:00.000Z',
        },
      ]),
    )
    const { user } = openChat({ as: 'finder-link' })
    // Only the owner has written so far.
    backend.rows = backend.rows.filter((message) => message.sender_role === 'owner')
    expect(
      await screen.findByText('Thank you so much! Where are you?', undefined, LOAD),
    ).toBeInTheDocument()
    const receipts = screen.getByRole('status', { name: 'Your report' })
    await waitFor(() => expect(receipts).toHaveTextContent('The owner has seen your report'))
    expect(receipts).not.toHaveTextContent('your message')

    await user.type(composer(), 'It is at the bus stop.{Enter}')
    await waitFor(() => expect(receipts).toHaveTextContent('The owner has seen your message'))
    expect(receipts).not.toHaveTextContent('your report')
  })
})

describe('sending', () => {
  it('shows the message at once, sends it under a client id, then shows it stored', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    backend.postMode = 'hang'
    await user.type(composer(), '  It is at the café on King Street.  {Enter}')

    const pending = await within(messageList()).findByText('It is at the café on King Street.')
    const pendingItem = pending.closest('li')
    expect(pendingItem).toHaveTextContent('Sending…')
    expect(composer()).toHaveValue('')
    await waitFor(() => expect(backend.posts).toHaveLength(1))
    const [post] = backend.posts
    expect(post?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chat_id: CHAT_ID,
      body: 'It is at the café on King Street.',
    })
    expect(post?.prefer).toContain('resolution=ignore-duplicates')
  })

  it('clears the sending state once stored', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.type(composer(), 'On my way{Enter}')
    const item = (await within(messageList()).findByText('On my way')).closest('li')
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'sent'))
    expect(item).not.toHaveTextContent('Sending…')
  })

  it('does not send an empty or whitespace-only message', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await user.type(composer(), '   {Enter}')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(within(messageList()).getAllByRole('listitem')).toHaveLength(2)
    expect(backend.posts).toHaveLength(0)
  })

  it('refuses more than 2000 characters with a clear message, and sends 2000', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(composer())
    await user.paste('x'.repeat(2001))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Messages can be at most 2000 characters.')
    expect(backend.posts).toHaveLength(0)
    expect(composer()).toHaveValue('x'.repeat(2001))

    await user.type(composer(), '{Backspace}')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(backend.posts).toHaveLength(1))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a failed send with Retry, and a retry reuses the id so nothing is duplicated', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    backend.postMode = 'error'
    await user.type(composer(), 'Can I collect it tonight?{Enter}')
    const item = (await within(messageList()).findByText('Can I collect it tonight?')).closest('li')
    await waitFor(() => expect(item).toHaveTextContent('Not sent'))

    backend.postMode = 'ok'
    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'sent'))
    expect(backend.posts).toHaveLength(2)
    expect(backend.posts[1]?.body.id).toBe(backend.posts[0]?.body.id)
    expect(within(messageList()).getAllByText('Can I collect it tonight?')).toHaveLength(1)
  })
  it('says in our words when messages come too fast, and Retry sends it once allowed', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    backend.postMode = 'too_many'
    await user.type(composer(), 'Are you there?{Enter}')
    const item = (await within(messageList()).findByText('Are you there?')).closest('li')
    await waitFor(() =>
      expect(item).toHaveTextContent(
        'Not sent: you have sent a lot of messages in a short time. Please wait a minute, then press Retry.',
      ),
    )
    backend.postMode = 'ok'
    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'sent'))
    expect(item).not.toHaveTextContent('Not sent')
    expect(backend.posts.map((post) => post.body.id)).toEqual([
      backend.posts[0]?.body.id,
      backend.posts[0]?.body.id,
    ])
  })
})

describe('live messages', () => {
  it('treats a broadcast as a notice: shows what the database holds, once, never the payload', async () => {
    openChat({ as: 'owner' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    const live = row(3, 'finder', 'I can meet you at 6pm.')
    backend.rows.push(live)
    const forged = { ...row(9, 'owner', 'Forged: meet me elsewhere'), created_at: '2099-01-01' }
    act(() => {
      realtime.broadcast(`chat:${CHAT_ID}`, 'message', forged)
      realtime.broadcast(`chat:${CHAT_ID}`, 'message', live)
      realtime.broadcast(`chat:${CHAT_ID}`, 'message', live)
    })
    expect(await screen.findByText('I can meet you at 6pm.')).toBeInTheDocument()
    await waitFor(() =>
      expect(backend.messageGets.map((url) => url.searchParams.get('position'))).toContain('gt.2'),
    )
    const items = within(messageList()).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[2]).toHaveTextContent('I can meet you at 6pm.')
    expect(screen.queryByText('Forged: meet me elsewhere')).not.toBeInTheDocument()
  })

  it('is a polite live region, and the composer is labelled', async () => {
    openChat({ as: 'owner' })
    await chatShown()
    expect(messageList()).toHaveAttribute('aria-live', 'polite')
    expect(composer()).toBeVisible()
  })

  it('fetches what it missed when the tab comes back', async () => {
    openChat({ as: 'owner' })
    await chatShown()
    backend.rows.push(row(4, 'finder', 'Sent while you were away'))
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument()
    const last = backend.messageGets.at(-1)
    expect(last?.searchParams.get('position')).toBe('gt.2')
  })
})

describe('offline', () => {
  it('shows the offline banner after 10 s without a reply, queues sends and flushes them when back', async () => {
    openChat({ as: 'finder-link' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout'] })
    const typer = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    backend.isDown = true
    await typer.type(composer(), 'Are you still there?{Enter}')
    await act(() => vi.advanceTimersByTimeAsync(9_000))
    expect(screen.queryByText(/you are offline/i)).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(1_500))
    expect(screen.getByText(/you are offline/i).closest('[role="status"]')).not.toBeNull()

    await typer.type(composer(), 'Hello?{Enter}')
    const queued = within(messageList()).getByText('Hello?').closest('li')
    expect(queued).toHaveTextContent('Waiting for connection')
    expect(backend.posts.map((p) => p.body.body)).toEqual(['Are you still there?'])

    backend.isDown = false
    await act(() => vi.advanceTimersByTimeAsync(10_500))
    await waitFor(() => expect(screen.queryByText(/you are offline/i)).not.toBeInTheDocument())
    await waitFor(() => expect(queued).toHaveAttribute('data-status', 'sent'))
    expect(backend.posts.map((p) => p.body.body)).toEqual(['Are you still there?', 'Hello?'])
  }, 30_000)
})

describe('ways back without meeting, and where it is', () => {
  const POSITION = { latitude: 53.95763, longitude: -1.08271, accuracy: 14 }
  let asked: number

  beforeEach(() => {
    asked = 0
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (position: { coords: typeof POSITION }) => void) => {
          asked += 1
          ok({ coords: POSITION })
        },
      },
    })
  })

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation')
  })

  const panel = () => screen.findByRole('region', { name: 'Ways back' }, LOAD)

  it("shows the finder the owner's accepted ways; the location is asked for only on a press, then stored", async () => {
    const { user } = openChat({ as: 'finder-link' })
    backend.waysBack.options = ['hand_in', 'post']
    const ways = await panel()
    expect(within(ways).getByText("Post it back at the owner's cost")).toBeInTheDocument()
    expect(within(ways).queryByText('Meet in a public place')).not.toBeInTheDocument()
    expect(asked).toBe(0)

    await user.click(within(ways).getByRole('button', { name: 'Share where I found it' }))
    await waitFor(() =>
      expect(backend.waysBack.calls).toEqual([
        {
          name: 'share_found_location',
          body: { chat_id: CHAT_ID, latitude: 53.95763, longitude: -1.08271, accuracy_m: 14 },
        },
      ]),
    )
    expect(asked).toBe(1)
  })

  it('lets the finder say where they handed it in, with a pin, and offer to post it back', async () => {
    const { user } = openChat({ as: 'finder-link' })
    const ways = await panel()
    await user.click(within(ways).getByRole('button', { name: 'Tell the owner' }))
    expect(within(ways).getByRole('alert')).toHaveTextContent('Please say where you handed it in.')

    await user.type(within(ways).getByLabelText('I HANDED IT IN AT'), 'York station lost property')
    await user.click(within(ways).getByRole('button', { name: 'Add a pin where I am' }))
    expect(await within(ways).findByText(/Pin added: 53.95763, -1.08271/)).toBeInTheDocument()
    await user.click(within(ways).getByRole('button', { name: 'Tell the owner' }))
    await waitFor(() =>
      expect(backend.waysBack.calls).toContainEqual({
        name: 'record_hand_in',
        body: {
          chat_id: CHAT_ID,
          place: 'York station lost property',
          latitude: 53.95763,
          longitude: -1.08271,
          accuracy_m: 14,
        },
      }),
    )

    await user.click(within(ways).getByRole('button', { name: 'Post it back' }))
    await waitFor(() =>
      expect(backend.waysBack.calls).toContainEqual({
        name: 'ask_for_postal_address',
        body: { chat_id: CHAT_ID },
      }),
    )
  })

  it('lets the owner share their postal address with this finder in one tap', async () => {
    const { user } = openChat({ as: 'owner' })
    backend.waysBack.returns = {
      chat_id: CHAT_ID,
      post_requested_at: '2026-11-21T10:40:00.000Z',
      postal_address: null,
      address_shared_at: null,
      hand_in_place: null,
      handed_in_at: null,
      hand_in_latitude: null,
      hand_in_longitude: null,
      hand_in_accuracy_m: null,
      updated_at: '2026-11-21T10:40:00.000Z',
    }
    const ways = await panel()
    expect(
      await within(ways).findByText('Fiona offers to post it back, at your cost.'),
    ).toBeInTheDocument()
    await user.click(
      within(ways).getByRole('button', { name: 'Share my postal address with Fiona' }),
    )
    await waitFor(() =>
      expect(backend.waysBack.calls).toEqual([
        {
          name: 'share_postal_address',
          body: {
            chat_id: CHAT_ID,
            address: 'Olivia Owner\n1 High Street, Cambridge\nCambridgeshire\nUnited Kingdom',
          },
        },
      ]),
    )
  })

  const RETURNS = {
    chat_id: CHAT_ID,
    post_requested_at: null,
    postal_address: null,
    address_shared_at: null,
    hand_in_place: null,
    handed_in_at: null,
    hand_in_latitude: null,
    hand_in_longitude: null,
    hand_in_accuracy_m: null,
    updated_at: '2026-11-21T10:40:00.000Z',
  }

  it('offers no "Post it back" once the finder has handed it in', async () => {
    openChat({ as: 'finder-link' })
    backend.waysBack.returns = {
      ...RETURNS,
      hand_in_place: 'Police front desk',
      handed_in_at: '2026-11-21T10:40:00.000Z',
    }
    const ways = await panel()
    expect(await within(ways).findByRole('status', { name: 'Handed in' })).toHaveTextContent(
      'You handed it in at: Police front desk',
    )
    expect(within(ways).queryByRole('button', { name: 'Post it back' })).not.toBeInTheDocument()
  })

  it('lets the owner stop sharing their address after the conversation closed', async () => {
    const { user } = openChat({ as: 'owner' })
    backend.closed = { reason: 'closed_by_owner', itemStatus: null }
    backend.waysBack.returns = {
      ...RETURNS,
      postal_address: '1 High Street, Cambridge',
      address_shared_at: '2026-11-21T10:45:00.000Z',
    }
    await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    const ways = await panel()
    await user.click(await within(ways).findByRole('button', { name: 'Stop sharing my address' }))
    await waitFor(() =>
      expect(backend.waysBack.calls).toEqual([
        { name: 'withdraw_postal_address', body: { chat_id: CHAT_ID } },
      ]),
    )
  })

  it("shows the owner the finder's hand-in and location live, as coordinates and map links", async () => {
    openChat({ as: 'owner' })
    const ways = await panel()
    expect(within(ways).getByText('Fiona has not shared where it was found.')).toBeInTheDocument()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))

    backend.waysBack.foundAt = [53.95763, -1.08271, 14]
    backend.waysBack.returns = {
      chat_id: CHAT_ID,
      hand_in_place: 'York station lost property',
      handed_in_at: '2026-11-21T10:50:00.000Z',
      hand_in_latitude: null,
      hand_in_longitude: null,
      hand_in_accuracy_m: null,
      post_requested_at: null,
      postal_address: null,
      address_shared_at: null,
      updated_at: '2026-11-21T10:50:00.000Z',
    }
    act(() => realtime.broadcast(`chat:${CHAT_ID}`, 'ways_back', { chat_id: CHAT_ID }))

    expect(
      await within(ways).findByText(
        'Where it was found: 53.95763, -1.08271 (within about 14 m)',
        undefined,
        LOAD,
      ),
    ).toBeInTheDocument()
    expect(within(ways).getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=53.95763&mlon=-1.08271#map=17/53.95763/-1.08271',
    )
    expect(within(ways).getByRole('link', { name: 'Open in a map app' })).toHaveAttribute(
      'href',
      'geo:53.95763,-1.08271',
    )
    expect(within(ways).getByRole('status', { name: 'Handed in' })).toHaveTextContent(
      'Fiona handed it in at: York station lost property',
    )
    // Nothing of the map is loaded from another origin: links only.
    expect(
      document.querySelector('iframe, img[src*="openstreetmap"], script[src*="openstreetmap"]'),
    ).toBeNull()
  })
})

describe('photos', () => {
  type Storage = {
    uploads: { path: string; contentType: string | null }[]
    signs: string[]
    failUploads: boolean
  }
  let storage: Storage
  let images: BrowserImages
  const PATH = new RegExp(`^${CHAT_ID}/${FINDER.id}/[0-9a-f-]{36}\\.jpg$`)

  beforeEach(() => {
    images = installBrowserImages()
    storage = { uploads: [], signs: [], failUploads: false }
    server.use(
      http.post('*/storage/v1/object/sign/chat-photos/*', ({ request }) => {
        const path = decodeURI(new URL(request.url).pathname).replace(
          /^.*\/object\/sign\/chat-photos\//,
          '',
        )
        storage.signs.push(path)
        return HttpResponse.json({ signedURL: `/object/sign/chat-photos/${path}?token=t-${path}` })
      }),
      checkPhoto(({ bucket, name, contentType }) => {
        if (storage.failUploads) {
          return HttpResponse.json(
            {
              error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
            },
            { status: 500 },
          )
        }
        expect(bucket).toBe('chat-photos')
        storage.uploads.push({ path: name, contentType })
      }),
    )
  })
  afterEach(() => images.restore())

  const attach = () => screen.getByLabelText('Attach a photo')
  const photoJpeg = () => chosenFile(JPEG_BYTES, 'IMG_0001.JPG', 'image/jpeg')

  it("uploads a re-encoded photo into the sender's folder, then sends it with the message", async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.upload(attach(), photoJpeg())
    const photos = screen.getByRole('list', { name: 'Photos to send' })
    await within(photos).findByText('Uploaded')
    expect(within(photos).getByRole('img', { name: 'Attachment 1' })).toBeInTheDocument()
    expect(storage.uploads).toHaveLength(1)
    expect(storage.uploads[0]?.path).toMatch(PATH)
    expect(storage.uploads[0]?.contentType).toBe('image/jpeg')
    expect(images.encodes).toEqual([
      { width: 1600, height: 1200, type: 'image/jpeg', quality: 0.82 },
    ])

    await user.type(composer(), 'Is this yours?{Enter}')
    await waitFor(() => expect(backend.posts).toHaveLength(1))
    expect(backend.posts[0]?.body).toMatchObject({
      body: 'Is this yours?',
      photo_paths: [storage.uploads[0]?.path],
    })
    const sent = await within(messageList()).findByRole('img', { name: 'Photo 1 from You' })
    expect(sent.getAttribute('src')).toContain(
      `/storage/v1/object/sign/chat-photos/${storage.uploads[0]?.path}?token=`,
    )
    expect(sent.closest('li')).toHaveTextContent('Is this yours?')
    expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument()
  })

  it('sends photos without text', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.upload(attach(), photoJpeg())
    await screen.findByText('Uploaded')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(backend.posts).toHaveLength(1))
    expect(backend.posts[0]?.body).toMatchObject({ body: '', photo_paths: [expect.any(String)] })
  })

  it('sends no message while an upload failed; Retry uploads it, then the message goes', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    storage.failUploads = true
    await user.upload(attach(), photoJpeg())
    await screen.findByText('Not uploaded')
    await user.type(composer(), 'Here it is{Enter}')
    expect(await screen.findByText(PHOTO_MESSAGES.fixPhotos)).toBeInTheDocument()
    expect(backend.posts).toHaveLength(0)
    expect(composer()).toHaveValue('Here it is')

    storage.failUploads = false
    await user.click(screen.getByRole('button', { name: 'Retry photo 1' }))
    await screen.findByText('Uploaded')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(backend.posts).toHaveLength(1))
    expect(backend.posts[0]?.body).toMatchObject({
      body: 'Here it is',
      photo_paths: [storage.uploads[0]?.path],
    })
  })

  it('refuses an SVG and a renamed file in our words, and uploads nothing', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.upload(attach(), chosenFile(SVG_TEXT, 'map.svg', 'image/svg+xml'))
    expect(await screen.findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument()
    await user.upload(attach(), chosenFile('MZ\x90\0 not a photo', 'holiday.jpg', 'image/jpeg'))
    expect(await screen.findByRole('alert')).toHaveTextContent(PHOTO_MESSAGES.notAnImage)
    expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument()
    expect(storage.uploads).toHaveLength(0)
  })

  it('takes at most three photos for one message', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.upload(attach(), [photoJpeg(), photoJpeg(), photoJpeg(), photoJpeg()])
    expect(await screen.findByText(PHOTO_MESSAGES.tooMany)).toBeInTheDocument()
    const photos = screen.getByRole('list', { name: 'Photos to send' })
    await waitFor(() => expect(within(photos).getAllByText('Uploaded')).toHaveLength(3))
    expect(screen.queryByLabelText('Attach a photo')).not.toBeInTheDocument()
  })

  it("speaks the finder's language: the photos' states, names, refusals and the sent photo", async () => {
    activateCatalog('pl', pl)
    try {
      const { user } = openChat({ as: 'finder-link' })
      await chatShown()
      const attachPl = () => screen.getByLabelText('Dołącz zdjęcie')
      await user.upload(attachPl(), chosenFile(SVG_TEXT, 'map.svg', 'image/svg+xml'))
      expect(
        await screen.findByText(
          'Tego pliku nie możemy użyć jako zdjęcia. Wybierz zdjęcie JPEG, PNG lub WebP.',
        ),
      ).toBeInTheDocument()
      await user.upload(attachPl(), [photoJpeg(), photoJpeg(), photoJpeg(), photoJpeg()])
      expect(
        await screen.findByText('Do wiadomości możesz dołączyć najwyżej 3 zdjęcia.'),
      ).toBeInTheDocument()
      const photos = screen.getByRole('list', { name: 'Zdjęcia do wysłania' })
      await waitFor(() => expect(within(photos).getAllByText('Przesłano')).toHaveLength(3))
      expect(within(photos).getByRole('img', { name: 'Załącznik 1' })).toBeInTheDocument()
      expect(within(photos).getByRole('button', { name: 'Usuń zdjęcie 3' })).toHaveTextContent(
        'Usuń',
      )
      await user.click(within(photos).getByRole('button', { name: 'Usuń zdjęcie 3' }))
      await user.click(within(photos).getByRole('button', { name: 'Usuń zdjęcie 2' }))
      await user.click(screen.getByRole('button', { name: 'Wyślij' }))
      await waitFor(() => expect(backend.posts).toHaveLength(1))
      expect(
        await within(screen.getByRole('list', { name: 'Wiadomości' })).findByRole('img', {
          name: 'Zdjęcie 1 od: Ty',
        }),
      ).toBeInTheDocument()
    } finally {
      activateCatalog('en', en)
    }
  })

  it("shows the other side's photos live, through signed URLs", async () => {
    openChat({ as: 'owner' })
    await chatShown()
    await waitFor(() => expect(realtime.joined).toContain(`chat:${CHAT_ID}`))
    const path = `${CHAT_ID}/${FINDER.id}/0b0c0d0e-0000-4000-8000-000000000001.jpg`
    const live = { ...row(3, 'finder', 'The counter at the café'), photo_paths: [path] }
    backend.rows.push(live)
    act(() => realtime.broadcast(`chat:${CHAT_ID}`, 'message', live))
    const photo = await screen.findByRole('img', { name: 'Photo 1 from Fiona, finder' })
    expect(photo.getAttribute('src')).toContain(`/object/sign/chat-photos/${path}?token=`)
    expect(photo.closest('li')).toHaveTextContent('The counter at the café')
    expect(storage.signs).toEqual([path])
  })
})

// Issue 45: every end state says what happened, why, what happens to the data and
// what is left to do; offers that no longer make sense are gone; the phone's screen.
describe('end states and offers that no longer make sense', { timeout: 20_000 }, () => {
  it('after a reload, a refused link still says why and still offers a new link', async () => {
    const first = openChat({ as: 'finder-link', join: 'invalid' })
    backend.linkStatus = {
      status: 'expired',
      closed_reason: null,
      at: '2026-11-20T12:00:00.000Z',
      details_deleted_at: null,
    }
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This chat link expired on 20 November 2026.' },
        LOAD,
      ),
    ).toBeVisible()
    await waitFor(() => expect(first.router.state.location.hash).toBe(''))
    first.unmount()

    // The reload: no token in the address any more.
    const { user } = openChat({
      as: 'finder-link',
      join: 'invalid',
      url: `/chat?chatId=${CHAT_ID}`,
    })
    backend.linkStatus = {
      status: 'expired',
      closed_reason: null,
      at: '2026-11-20T12:00:00.000Z',
      details_deleted_at: null,
    }
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This chat link expired on 20 November 2026.' },
        LOAD,
      ),
    ).toBeVisible()
    expect(screen.queryByText(/Ask for a new link/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }))
    expect(await screen.findByText(/We have e-mailed you a new link/)).toBeVisible()
    expect(backend.linkRequests).toEqual([{ chat_id: CHAT_ID, token: TOKEN }])
  })

  it('a replaced link says so and where the new one is, without offering another', async () => {
    openChat({ as: 'finder-link', join: 'invalid' })
    backend.linkStatus = {
      status: 'replaced',
      closed_reason: null,
      at: '2026-11-21T12:00:00.000Z',
      details_deleted_at: null,
    }
    expect(
      await screen.findByRole(
        'heading',
        { name: 'This chat link was replaced by a newer one.' },
        LOAD,
      ),
    ).toBeVisible()
    expect(screen.getByText('Open the chat from the newest e-mail we sent you.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument()
  })

  it('after the finder deleted their details, their link says so and never offers to e-mail the deleted address', async () => {
    openChat({
      as: 'finder-link',
      join: 'invalid',
      url: `/chat?chatId=${CHAT_ID}&delete=my-details#token=${TOKEN}`,
    })
    backend.linkStatus = {
      status: 'ended',
      closed_reason: 'finder_left',
      at: '2026-11-21T12:00:00.000Z',
      details_deleted_at: '2026-11-21T12:00:00.000Z',
    }
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent('You deleted your details, so this conversation is closed.')
    expect(closed).toHaveTextContent('nothing of yours is kept')
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument()
    expect(screen.queryByText(/e-mail you a new link/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete my details now' })).not.toBeInTheDocument()
  })

  it("the owner's closed, empty chat says what happened and offers neither a hello nor Mark as returned", async () => {
    openChat({ as: 'owner' })
    backend.rows = []
    backend.closed = { reason: 'finder_left', itemStatus: null }
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent('Fiona deleted their details, so this conversation is closed.')
    expect(screen.queryByText('No messages yet. Say hello!')).not.toBeInTheDocument()
    expect(screen.getByText('No messages were sent in this conversation.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Mark as returned' })).not.toBeInTheDocument()
    // In place of the message box: that nothing more can be sent, and the way on.
    const instead = screen.getByRole('group', { name: 'No more messages' })
    expect(within(instead).getByRole('link', { name: 'Open dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  })

  it('advises meeting in a public place only when the owner accepts meeting', async () => {
    openChat({ as: 'finder-link' })
    backend.waysBack.options = ['hand_in', 'post']
    await chatShown()
    const tips = screen.getByRole('complementary', { name: 'Stay safe' })
    expect(tips).toHaveTextContent('Never pay before the item is back.')
    expect(tips).not.toHaveTextContent('Meet in a public place.')
  })
})

describe('report, block and scam warnings (issue 49)', { timeout: 20_000 }, () => {
  it("warns the reader under the other side's message the server marked, never under their own", async () => {
    openChat({ as: 'owner' })
    backend.rows.push(
      { ...row(5, 'finder', 'Send a deposit first, then I post it'), scam_signals: ['payment'] },
      { ...row(6, 'owner', 'My number is 07700 900 123'), scam_signals: ['phone'] },
    )
    const marked = await screen.findByText('Send a deposit first, then I post it', undefined, LOAD)
    const bubble = marked.closest('li')!
    expect(within(bubble).getByRole('note')).toHaveTextContent(
      'Never pay before the item is back. Homeward never asks for codes.',
    )
    const mine = screen.getByText('My number is 07700 900 123').closest('li')!
    expect(within(mine).queryByRole('note')).not.toBeInTheDocument()
    expect(screen.getAllByRole('note')).toHaveLength(1)
  })

  it('the finder reports the owner with a reason and a note, then reads the outcome live', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    await user.click(screen.getByRole('button', { name: 'Report the owner' }))
    const form = screen.getByRole('form', { name: 'Report the owner' })
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Choose why you are reporting this conversation.')).toBeVisible()
    expect(backend.safety.calls).toEqual([])
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Why are you reporting the owner/ }),
      'Asks for money or codes',
    )
    await user.type(within(form).getByRole('textbox'), 'Wants £50 before posting it')
    await user.click(within(form).getByRole('button', { name: 'Send report' }))
    expect(
      await screen.findByText(
        'Thank you. We have your report and will tell you here what we did about it.',
      ),
    ).toBeVisible()
    expect(backend.safety.calls).toEqual([
      {
        name: 'report_conversation',
        body: { chat_id: CHAT_ID, reason: 'money_or_codes', note: 'Wants £50 before posting it' },
      },
    ])

    await waitFor(() => expect(realtime.joined).toContain(`owner:${FINDER.id}`))
    backend.safety.notices = [
      {
        id: 'n1',
        kind: 'outcome',
        body: 'We looked at your report and closed this conversation.',
        created_at: '2026-11-21T12:00:00.000Z',
      },
    ]
    act(() => realtime.broadcast(`owner:${FINDER.id}`, 'notice', { chat_id: CHAT_ID }))
    expect(
      await screen.findByText(
        'We looked at your report and closed this conversation.',
        undefined,
        LOAD,
      ),
    ).toBeVisible()
  })

  it('the owner blocks the finder after a question: the conversation closes', async () => {
    const { user } = openChat({ as: 'owner' })
    await chatShown()
    expect(screen.queryByRole('button', { name: 'Leave and block' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Block the finder' }))
    expect(backend.safety.calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Block this finder' }))
    const closed = await screen.findByRole('status', { name: 'Conversation closed' }, LOAD)
    expect(closed).toHaveTextContent(
      'You blocked Fiona. You will not hear from them about Blue rucksack again.',
    )
    expect(backend.safety.calls).toEqual([{ name: 'block_finder', body: { chat_id: CHAT_ID } }])
    expect(screen.getByRole('button', { name: 'Unblock the finder' })).toBeVisible()
  })
})

describe('on a phone (issue 45)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.restoreAllMocks()
    useScreen('phone')
  })

  it('keeps the details behind the header: the Details button opens them in a sheet', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await chatShown()
    expect(composer()).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Ways back' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete my details now' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Details' }))
    const sheet = await screen.findByRole('dialog', { name: 'Chat details' })
    expect(await within(sheet).findByRole('region', { name: 'Ways back' }, LOAD)).toBeVisible()
    expect(within(sheet).getByText(/^Found by Fiona on /)).toBeVisible()
    // Asking to delete closes the sheet and asks in the conversation.
    await user.click(within(sheet).getByRole('button', { name: 'Delete my details now' }))
    const question = await screen.findByRole('group', { name: 'Delete your details?' })
    expect(question).toHaveTextContent('Delete your details now?')
    expect(question).toHaveTextContent('will be deleted straight away')
  })

  it('says nothing about Enter and Shift+Enter on a touch screen', async () => {
    openChat({ as: 'finder-link' })
    await chatShown()
    expect(composer()).toBeVisible()
    expect(screen.queryByText(/Press Enter to send/)).not.toBeInTheDocument()
  })

  it('says it with a keyboard (a laptop)', async () => {
    vi.restoreAllMocks()
    useScreen('laptop')
    openChat({ as: 'finder-link' })
    await chatShown()
    expect(screen.getByText('Press Enter to send, Shift+Enter for a new line.')).toBeVisible()
  })
})

describe("the finder's chat in the finder's language (issue 48)", { timeout: 20_000 }, () => {
  beforeEach(() => activateCatalog('pl', pl))
  afterEach(() => activateCatalog('en', en))

  const polishChatShown = chatShown

  it('labels, states, Retry and the too-many line in Polish for the finder', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await polishChatShown()
    const list = screen.getByRole('list', { name: 'Wiadomości' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Ty.*Hello, I found your rucksack\.$/),
      expect.stringMatching(/^Właściciel.*Thank you so much! Where are you\?$/),
    ])
    backend.postMode = 'too_many'
    const box = screen.getByRole('textbox', { name: 'Wiadomość' })
    await user.type(box, 'Czy jest Pani?{Enter}')
    const item = (await within(list).findByText('Czy jest Pani?')).closest('li')
    await waitFor(() =>
      expect(item).toHaveTextContent(
        'Nie wysłano: w krótkim czasie wysłano wiele wiadomości. Odczekaj minutę, a potem naciśnij „Ponów”.',
      ),
    )
    backend.postMode = 'ok'
    await user.click(within(item as HTMLElement).getByRole('button', { name: 'Ponów' }))
    await waitFor(() => expect(item).toHaveAttribute('data-status', 'sent'))
  })

  it('counts characters and refuses a long message in Polish', async () => {
    const { user } = openChat({ as: 'finder-link' })
    await polishChatShown()
    const box = screen.getByRole('textbox', { name: 'Wiadomość' })
    await user.click(box)
    await user.paste('x'.repeat(1850))
    expect(screen.getByText('1850 / 2000 znaków')).toBeVisible()
    await user.paste('x'.repeat(151))
    await user.click(screen.getByRole('button', { name: 'Wyślij' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Wiadomość może mieć najwyżej 2000 znaków.')
    expect(screen.getByRole('form', { name: 'Wyślij wiadomość' })).toBeInTheDocument()
    expect(backend.posts).toHaveLength(0)
  })

  it('renders the notices a finder knows from their kind in Polish, an unknown one as written', async () => {
    openChat({ as: 'finder-link' })
    backend.safety.notices = [
      {
        id: 'n1',
        kind: 'outcome',
        body: 'We looked at your report and closed this conversation.',
        created_at: '2026-11-21T12:00:00.000Z',
      },
      {
        id: 'n2',
        kind: 'warning',
        body: 'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.',
        created_at: '2026-11-21T12:01:00.000Z',
      },
      {
        id: 'n3',
        kind: 'outcome',
        body: 'A notice this version of the app does not know.',
        created_at: '2026-11-21T12:02:00.000Z',
      },
    ]
    await polishChatShown()
    expect(
      await screen.findByText('Sprawdziliśmy Twoje zgłoszenie i zamknęliśmy tę rozmowę.'),
    ).toBeVisible()
    expect(
      screen.getByText(
        'Homeward ostrzegł Cię w sprawie rozmowy: zajmij się tylko zwrotem rzeczy i nigdy nie proś o pieniądze ani kody.',
      ),
    ).toBeVisible()
    expect(screen.getByText('A notice this version of the app does not know.')).toBeVisible()
    expect(screen.queryByText(/We looked at your report/)).not.toBeInTheDocument()
  })

  it("keeps the owner's labels, states and notices in English whatever the language", async () => {
    const { user } = openChat({ as: 'owner' })
    backend.safety.notices = [
      {
        id: 'n1',
        kind: 'outcome',
        body: 'We looked at your report and warned the other person.',
        created_at: '2026-11-21T12:00:00.000Z',
      },
    ]
    await chatShown()
    expect(
      await screen.findByText('We looked at your report and warned the other person.'),
    ).toBeVisible()
    const list = messageList()
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(/^You/)
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Fiona, finder/)
    backend.postMode = 'error'
    await user.type(screen.getByRole('textbox', { name: 'Wiadomość' }), 'Tonight?{Enter}')
    const item = (await within(list).findByText('Tonight?')).closest('li')
    await waitFor(() => expect(item).toHaveTextContent('Not sent'))
    expect(within(item as HTMLElement).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })

  it('says a replaced link, with its date, and a link in use elsewhere in Polish', async () => {
    const first = openChat({ as: 'finder-link', join: 'invalid' })
    backend.linkStatus = {
      status: 'replaced',
      closed_reason: null,
      at: '2026-11-21T12:00:00.000Z',
      details_deleted_at: null,
    }
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Ten link do czatu został zastąpiony nowszym.' },
        LOAD,
      ),
    ).toBeVisible()
    expect(
      screen.getByText(
        /^21 listopada 2026 wysłaliśmy Ci e-mailem nowy link, więc ten już nie działa\./,
      ),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Strona główna' })).toBeVisible()
    first.unmount()

    const { user } = openChat({ as: 'finder-link', join: 'bound' })
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Ten link do czatu jest już używany na innym urządzeniu.' },
        LOAD,
      ),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Wyślij mi nowy link' }))
    expect(await screen.findByText(/^Wysłaliśmy Ci e-mailem nowy link\./)).toBeVisible()
  })

  it('says in the browser’s language when Homeward cannot be reached (before a role is known)', async () => {
    const { user } = openChat({ as: 'owner' })
    server.use(http.post('*/rest/v1/rpc/join_chat', () => HttpResponse.error(), { once: true }))
    expect(
      await screen.findByText(
        'Nie udało się połączyć z Homeward. Sprawdź połączenie i spróbuj ponownie.',
        undefined,
        LOAD,
      ),
    ).toHaveAttribute('role', 'alert')
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }))
    expect(await chatShown()).toBeInTheDocument()
  })
})

describe("the owner's chat speaks the owner's catalog (pseudo-locale)", () => {
  /**
   * The test's data: the item, the finder, where and when it was found (the owner's
   * pages keep the British date), the messages, the owner's profile address, and the
   * language menu's names of the languages (each in its own words).
   */
  const DATA = [
    'Blue rucksack',
    'Fiona',
    'FIONA',
    'Bus stop on Hills Road',
    '21 Nov 2026, 09:58',
    '28 November 2026',
    'Hello, I found your rucksack.',
    'Thank you so much! Where are you?',
    'Olivia Owner',
    '1 High Street, Cambridge',
    'Cambridgeshire',
    'United Kingdom',
    ...['English', 'Cymraeg', 'Polski', 'Română', 'Español', 'Français', 'Deutsch'],
    ...['Italiano', 'Português'],
  ]
  let restore = () => {}
  beforeEach(() => {
    restore = usePseudoLocale()
  })
  afterEach(() => restore())

  const pseudoButton = (id: Parameters<typeof translate>[0]) =>
    screen.findByRole('button', { name: translate(id).trim() }, LOAD)

  it('the open chat, its details, and both questions (laptop)', async () => {
    const { container, user } = openChat({ as: 'owner' })
    backend.finderLanguage = 'pl'
    await chatShown()
    await pseudoButton('ownerChat.actions.markReturned')
    expect(
      screen.getByText(
        translate('ownerChat.header.writesIn', { language: translate('ownerChat.language.pl') }),
      ),
    ).toBeVisible()
    expect(englishLeftIn(container, DATA)).toEqual([])

    await user.click(await pseudoButton('ownerChat.actions.markReturned'))
    await screen.findByRole('alertdialog')
    expect(englishLeftIn(container, DATA)).toEqual([])
    await user.click(await pseudoButton('ownerChat.confirm.cancel'))

    await user.click(await pseudoButton('ownerChat.actions.close'))
    await screen.findByRole('alertdialog')
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the end the owner sees once the item is returned', async () => {
    const { container, user } = openChat({ as: 'owner' })
    await chatShown()
    await user.click(await pseudoButton('ownerChat.actions.markReturned'))
    await user.click(await pseudoButton('ownerChat.confirm.returnButton'))
    await screen.findByRole('link', { name: translate('ownerChat.end.openDashboard') }, LOAD)
    expect(englishLeftIn(container, [...DATA, 'FOUND'])).toEqual([])
  })

  it("the details sheet on a phone, with the finder's language", async () => {
    useScreen('phone')
    const { container, user } = openChat({ as: 'owner' })
    backend.finderLanguage = 'pl'
    await chatShown()
    await user.click(screen.getByRole('button', { name: translate('chat.header.details') }))
    await screen.findByRole('dialog')
    expect(englishLeftIn(container.ownerDocument.body, DATA)).toEqual([])
  })

  it('safety: the report form, the block question, the notices; a message not sent', async () => {
    const { container, user } = openChat({ as: 'owner' })
    backend.safety.notices = [
      {
        id: 'n1',
        chat_id: CHAT_ID,
        kind: 'warning',
        body: 'Homeward has warned you about a conversation: keep to returning the item, and never ask for money or codes.',
        created_at: '2026-11-21T11:00:00.000Z',
      },
      {
        id: 'n2',
        chat_id: CHAT_ID,
        kind: 'outcome',
        body: 'We looked at your report and warned the other person.',
        created_at: '2026-11-21T11:01:00.000Z',
      },
    ]
    await chatShown()
    await screen.findByText(translate('ownerChat.noticeBody.warnedOther'), undefined, LOAD)
    await user.click(await pseudoButton('ownerChat.safety.report'))
    await user.click(await pseudoButton('ownerChat.safety.send'))
    await screen.findByText(translate('ownerChat.safety.noReason'))
    expect(englishLeftIn(container, DATA)).toEqual([])
    await user.click(await pseudoButton('ownerChat.safety.cancel'))
    await user.click(await pseudoButton('ownerChat.safety.blockButton'))
    await pseudoButton('ownerChat.safety.blockConfirm')
    expect(englishLeftIn(container, DATA)).toEqual([])

    backend.postMode = 'error'
    await user.type(
      screen.getByRole('textbox', { name: translate('chat.composer.label').trim() }),
      'Tonight?{Enter}',
    )
    await pseudoButton('ownerChat.message.retry')
    expect(englishLeftIn(container, [...DATA, 'Tonight?'])).toEqual([])
  })

  it("the ways back: handed in with a pin, and the finder's offer to post it", async () => {
    const { container } = openChat({ as: 'owner' })
    backend.waysBack.foundAt = [52.2, 0.12, 20]
    backend.waysBack.returns = {
      chat_id: CHAT_ID,
      handed_in_at: '2026-11-21T11:00:00.000Z',
      hand_in_place: 'Cambridge station ticket office',
      hand_in_latitude: 52.19,
      hand_in_longitude: 0.137,
      hand_in_accuracy_m: 15,
      post_requested_at: '2026-11-21T11:05:00.000Z',
      postal_address: null,
    }
    await chatShown()
    await screen.findByText(
      translate('ownerReturn.offersToPost', { finder: 'Fiona' }),
      undefined,
      LOAD,
    )
    // The points' "(within about N m)" comes from the shared lib/map-links (describePoint),
    // which no catalog reaches yet, on the finder's side as on the owner's.
    const points = [
      '52.20000, 0.12000 (within about 20 m)',
      '52.19000, 0.13700 (within about 15 m)',
    ]
    expect(
      englishLeftIn(container, [...DATA, 'Cambridge station ticket office', ...points]),
    ).toEqual([])
  })

  it('a refused postal address, then the finder blocked and the end the owner sees', async () => {
    const { container, user } = openChat({ as: 'owner' })
    // After the chat's own handlers, so that this one answers first.
    server.use(
      http.post('*/rest/v1/rpc/share_postal_address', () =>
        HttpResponse.json(
          { code: 'P0001', message: 'address_too_long', details: null, hint: null },
          { status: 400 },
        ),
      ),
    )
    await chatShown()
    await user.click(
      await screen.findByRole(
        'button',
        { name: translate('ownerReturn.address.share', { finder: 'Fiona' }).trim() },
        LOAD,
      ),
    )
    await screen.findByText(translate('ownerChat.refusal.addressTooLong').trim(), undefined, LOAD)
    expect(englishLeftIn(container, DATA)).toEqual([])

    await user.click(await pseudoButton('ownerChat.safety.blockButton'))
    await user.click(await pseudoButton('ownerChat.safety.blockConfirm'))
    await screen.findByRole('link', { name: translate('ownerChat.end.openDashboard') }, LOAD)
    expect(
      screen.getByRole('status', { name: translate('ownerChat.end.label').trim() }),
    ).toBeVisible()
    expect(englishLeftIn(container, DATA)).toEqual([])
  })
})
