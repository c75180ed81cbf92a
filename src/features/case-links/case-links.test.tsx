import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp, renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser, restGet, rpc } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'
import { CaseLinksEntry } from '@/features/case-links/components/case-links-entry'
import { ownerRealtime } from '@/testing/owner-realtime'

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const ITEM_ID = '44444444-4444-4444-8444-444444444444'
const CHAT_ID = '66666666-6666-4666-8666-666666666666'
const LINK_ID = '77777777-7777-4777-8777-777777777777'
const LABEL = 'British Airways baggage, ref LHRBA12345'

const item = (status: string | null) => ({
  id: ITEM_ID,
  tag_id: '55555555-5555-4555-8555-555555555555',
  tag_code: 'HW7K3M9Q',
  owner_id: 'owner',
  name: 'Grey suitcase',
  status,
  found_by: null,
  created_at: '2026-11-01T09:00:00Z',
  status_changed_at: null,
  lost_note: null,
  return_instructions: null,
  photo_path: null,
  return_options: ['hand_in', 'meet', 'post'],
})

const liveLink = {
  case_link_id: LINK_ID,
  chat_id: CHAT_ID,
  label: LABEL,
  contact_note: null,
  token: 'secret-token-0123456789abcdefghijklmnopqrstuvwxyz',
  created_at: '2026-11-27T09:00:00Z',
  expires_at: '2026-12-11T09:00:00Z',
  revoked_at: null,
  closed_at: null,
  closed_reason: null,
  state: 'live',
  openings: ['2026-11-27T10:00:00Z', '2026-11-27T09:30:00Z'],
  messages: 2,
  unread: 1,
}

const opened = (state: string) => ({
  state,
  case_link_id: state === 'live' ? LINK_ID : null,
  chat_id: state === 'live' ? CHAT_ID : null,
  label: state === 'live' ? LABEL : null,
  item_name: state === 'live' ? 'Grey suitcase' : null,
  item_photo_path: null,
  lost_note: state === 'live' ? 'Reward offered' : null,
  return_instructions: null,
  tag_code: state === 'live' ? 'HW7K3M9Q' : null,
  found_location: state === 'live' ? 'Terminal 5 carousel 3' : null,
  found_latitude: null,
  found_longitude: null,
  contact_note: null,
  expires_at: state === 'live' ? '2099-12-11T09:00:00Z' : null,
  viewer_role: state === 'live' ? 'finder' : null,
})

beforeEach(() => {
  server.use(...ownerRealtime())
})

describe("the owner's case links", () => {
  it('makes a link, says why one is refused, and lists each link with its openings', async () => {
    let links: unknown[] = []
    const sent: unknown[] = []
    let refuse = true
    server.use(
      http.post('*/rest/v1/rpc/my_case_links', () => HttpResponse.json(links)),
      http.post('*/rest/v1/rpc/create_case_link', async ({ request }) => {
        sent.push(await request.json())
        if (refuse) {
          return HttpResponse.json(
            { code: 'P0001', message: 'too_many_case_links', details: '3', hint: null },
            { status: 400 },
          )
        }
        links = [liveLink]
        return HttpResponse.json([
          {
            case_link_id: LINK_ID,
            chat_id: CHAT_ID,
            token: liveLink.token,
            expires_at: liveLink.expires_at,
          },
        ])
      }),
    )
    const { user } = renderApp({
      url: `/case-links?itemId=${ITEM_ID}`,
      session: { items: [item('LOST')] },
    })
    const create = await screen.findByRole('button', { name: 'Create case link' })
    await user.click(create)
    expect(await screen.findByRole('alert')).toHaveTextContent(/Say who the link is for/)
    expect(sent).toEqual([])

    await user.type(screen.getByLabelText('WHO IS IT FOR?'), LABEL)
    await user.click(create)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item already has 3 working case links. Withdraw one to make another.',
    )
    refuse = false
    await user.click(create)
    expect(await screen.findByText(`Case link made for ${LABEL}.`, { exact: false })).toBeVisible()
    expect(sent.at(-1)).toEqual({
      item_id: ITEM_ID,
      label: LABEL,
      valid_days: 14,
      site_url: window.location.origin,
    })
    const card = await screen.findByRole('listitem', { name: `Case link for ${LABEL}` })
    expect(within(card).getByText('Working')).toBeVisible()
    expect(within(card).getByText(/Opened 2 times/)).toBeVisible()
    expect(within(card).getByLabelText(`The link to give ${LABEL}`)).toHaveValue(
      `${window.location.origin}/case/${liveLink.token}`,
    )
    expect(within(card).getByRole('link', { name: 'Messages (1 new)' })).toHaveAttribute(
      'href',
      `/chat?chatId=${CHAT_ID}`,
    )
  })

  it('offers no new link for an item that is not LOST', async () => {
    server.use(rpc('my_case_links', []))
    renderApp({ url: `/case-links?itemId=${ITEM_ID}`, session: { items: [item(null)] } })
    expect(
      await screen.findByText('Mark the item as LOST first: case links are for lost items.'),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Create case link' })).toBeNull()
  })
})

describe('the case page', () => {
  it('shows the case and the conversation while the link works', async () => {
    let openings = 0
    server.use(
      http.post('*/rest/v1/rpc/open_case_link', async ({ request }) => {
        const body = (await request.json()) as { token: string; is_opening: boolean }
        if (body.is_opening) openings += 1
        expect(body.token).toBe('tok123')
        return HttpResponse.json([opened('live')])
      }),
      restGet('messages', []),
    )
    renderApp({ url: '/case/tok123', session: true })
    const details = await screen.findByRole('region', { name: 'The case' })
    expect(within(details).getByRole('heading', { name: 'Grey suitcase' })).toBeVisible()
    expect(within(details).getByText('HW7K3M9Q')).toBeVisible()
    expect(within(details).getByText('Terminal 5 carousel 3')).toBeVisible()
    expect(await screen.findByLabelText('Message to the owner')).toBeVisible()
    expect(openings).toBe(1)
  })

  it('a message refused by the server makes the page ask again: the link has expired', async () => {
    server.use(
      http.post('*/rest/v1/rpc/open_case_link', async ({ request }) => {
        const body = (await request.json()) as { is_opening: boolean }
        return HttpResponse.json([opened(body.is_opening ? 'live' : 'expired')])
      }),
      restGet('messages', []),
      http.post('*/rest/v1/messages', () =>
        HttpResponse.json(
          {
            code: '42501',
            message: 'new row violates row-level security policy for table "messages"',
            details: null,
            hint: null,
          },
          { status: 403 },
        ),
      ),
    )
    const { user } = renderApp({ url: '/case/tok123', session: true })
    await user.type(await screen.findByLabelText('Message to the owner'), 'Still there?')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('heading', { name: 'This case link has expired' })).toBeVisible()
    expect(screen.queryByLabelText('Message to the owner')).toBeNull()
  })

  it.each([
    ['withdrawn', 'This case link was withdrawn'],
    ['expired', 'This case link has expired'],
    ['returned', 'The item is home'],
    ['not_found', 'This case link does not work'],
  ])('a %s link says so and shows nothing of the case', async (state, title) => {
    server.use(rpc('open_case_link', [opened(state)]))
    renderApp({ url: '/case/tok123', session: true })
    expect(await screen.findByRole('heading', { name: title })).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('region', { name: 'The case' })).toBeNull())
    expect(screen.queryByLabelText('Message to the owner')).toBeNull()
  })
})

describe('case links in the pseudo-locale: every word comes from the catalogs', () => {
  let restore = () => {}
  afterEach(() => restore())
  // The test's own data, and the month of a date (dates keep their en-GB format).
  const DATA = [
    LABEL,
    'Grey suitcase',
    'Reward offered',
    'Terminal 5 carousel 3',
    'Leave it at the desk',
    'Call Olivia',
    'Still there?',
    'December',
    'Nov',
    'Dec',
  ]
  const main = () => screen.getByRole('main')
  const refusal = (code: string) =>
    HttpResponse.json({ code: 'P0001', message: code }, { status: 400 })
  const links = [
    liveLink,
    { ...liveLink, case_link_id: 'l2', openings: ['2026-11-27T10:00:00Z'], unread: 0 },
    { ...liveLink, case_link_id: 'l3', openings: [], unread: 0, messages: 0 },
    { ...liveLink, case_link_id: 'l4', state: 'expired', token: null },
    {
      ...liveLink,
      case_link_id: 'l5',
      state: 'withdrawn',
      token: null,
      revoked_at: '2026-11-28T09:00:00Z',
    },
    {
      ...liveLink,
      case_link_id: 'l6',
      state: 'returned',
      token: null,
      closed_at: '2026-11-28T09:00:00Z',
    },
  ]

  it("the owner's page: the form and its refusals, every state of a link, withdrawing", async () => {
    restore = usePseudoLocale()
    server.use(
      rpc('my_case_links', links),
      http.post('*/rest/v1/rpc/create_case_link', () => refusal('case_link_days')),
      http.post('*/rest/v1/rpc/revoke_case_link', () => refusal('case_link_not_found')),
    )
    const { user } = renderApp({
      url: `/case-links?itemId=${ITEM_ID}`,
      session: { items: [item('LOST')] },
    })
    const form = await screen.findByRole('form')
    const cards = await screen.findAllByRole('listitem', { name: new RegExp(LABEL) })
    expect(cards).toHaveLength(6)
    expect(englishLeftIn(main(), DATA)).toEqual([])

    await user.click(within(form).getByRole('button'))
    const missing = (await within(form).findByRole('alert')).textContent
    expect(englishLeftIn(main(), DATA)).toEqual([])
    await user.type(within(form).getAllByRole('textbox')[0]!, LABEL)
    await user.click(within(form).getByRole('button'))
    await waitFor(() => expect(within(form).getByRole('alert').textContent).not.toBe(missing))
    expect(englishLeftIn(main(), DATA)).toEqual([])

    const card = cards[0]!
    await user.click(within(card).getAllByRole('button').at(-1)!)
    const question = within(card).getByRole('group', { name: /ẋ/ })
    expect(englishLeftIn(main(), DATA)).toEqual([])
    await user.click(within(question).getAllByRole('button')[0]!)
    await within(card).findByRole('alert')
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it("the owner's page: a link made, an item not LOST, an item gone", async () => {
    restore = usePseudoLocale()
    let made: unknown[] = []
    server.use(
      http.post('*/rest/v1/rpc/my_case_links', () => HttpResponse.json(made)),
      http.post('*/rest/v1/rpc/create_case_link', () => {
        made = [liveLink]
        return HttpResponse.json([{ case_link_id: LINK_ID, chat_id: CHAT_ID, token: 't' }])
      }),
    )
    const first = renderApp({
      url: `/case-links?itemId=${ITEM_ID}`,
      session: { items: [item('LOST')] },
    })
    const form = await screen.findByRole('form')
    await first.user.type(within(form).getAllByRole('textbox')[0]!, LABEL)
    await first.user.click(within(form).getByRole('button'))
    await within(form).findByRole('status')
    await screen.findByRole('listitem', { name: new RegExp(LABEL) })
    expect(englishLeftIn(main(), DATA)).toEqual([])
    first.unmount()

    const second = renderApp({
      url: `/case-links?itemId=${ITEM_ID}`,
      session: { items: [item('FOUND')] },
    })
    await screen.findByRole('note')
    expect(englishLeftIn(main(), DATA)).toEqual([])
    second.unmount()

    renderApp({ url: `/case-links?itemId=${ITEM_ID}`, session: { items: [] } })
    await within(await screen.findByRole('main')).findByRole('link', { name: /ẋ/ })
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it("the dashboard's way to the case links", () => {
    restore = usePseudoLocale()
    const { container } = renderUi(<CaseLinksEntry item={{ ...item('LOST'), status: 'LOST' }} />)
    expect(englishLeftIn(container, DATA)).toEqual([])
  })

  it('the case sheet, and a link that no longer works', async () => {
    restore = usePseudoLocale()
    server.use(rpc('my_case_links', [liveLink, { ...liveLink, case_link_id: 'l4', token: null }]))
    const first = renderApp({
      url: `/case-sheet?itemId=${ITEM_ID}&caseLinkId=${LINK_ID}`,
      session: { items: [item('LOST')] },
    })
    await screen.findByTestId('sheet-tag-id')
    expect(
      englishLeftIn(main(), [
        ...DATA,
        'HW7K3M9Q',
        `${window.location.origin}/case/${liveLink.token}`,
      ]),
    ).toEqual([])
    first.unmount()

    renderApp({
      url: `/case-sheet?itemId=${ITEM_ID}&caseLinkId=l4`,
      session: { items: [item('LOST')] },
    })
    await within(await screen.findByRole('main')).findByRole('alert')
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('the case page: the case with everything shown, its messages and the composer', async () => {
    restore = usePseudoLocale()
    const me = fakeUser().id
    const message = (id: string, sender: string, role: string) => ({
      id,
      chat_id: CHAT_ID,
      sender_id: sender,
      sender_role: role,
      body: 'Still there?',
      created_at: '2026-11-27T10:00:00Z',
      position: Number(id),
      photo_paths: [],
      scam_signals: [],
    })
    server.use(
      rpc('open_case_link', [
        {
          ...opened('live'),
          return_instructions: 'Leave it at the desk',
          contact_note: 'Call Olivia',
          found_latitude: 51.47,
          found_longitude: -0.45,
        },
      ]),
      restGet('messages', [
        message('1', me, 'finder'),
        message('2', 'owner', 'owner'),
        message('3', 'someone', 'finder'),
      ]),
    )
    const { user } = renderApp({ url: '/case/tok123', session: true })
    await screen.findByTestId('case-tag-id')
    await screen.findAllByText('Still there?')
    expect(englishLeftIn(main(), [...DATA, 'HW7K3M9Q'])).toEqual([])
    await user.click(within(main()).getAllByRole('button').at(-1)!)
    await within(main()).findByRole('alert')
    expect(englishLeftIn(main(), [...DATA, 'HW7K3M9Q'])).toEqual([])
  })

  it('the case page: no messages yet', async () => {
    restore = usePseudoLocale()
    server.use(rpc('open_case_link', [opened('live')]), restGet('messages', []))
    renderApp({ url: '/case/tok123', session: true })
    await screen.findByTestId('case-tag-id')
    await waitFor(() =>
      expect(within(main()).getAllByText(new RegExp(LABEL)).length).toBeGreaterThanOrEqual(2),
    )
    expect(englishLeftIn(main(), [...DATA, 'HW7K3M9Q'])).toEqual([])
  })

  it.each(['not_found', 'expired', 'withdrawn', 'returned', 'closed'])(
    'the case page: a %s link',
    async (state) => {
      restore = usePseudoLocale()
      server.use(rpc('open_case_link', [opened(state)]))
      renderApp({ url: '/case/tok123', session: true })
      await within(await screen.findByRole('main')).findByRole('heading')
      expect(englishLeftIn(main(), DATA)).toEqual([])
    },
  )

  it('the case page: Homeward unreachable', async () => {
    restore = usePseudoLocale()
    server.use(http.post('*/rest/v1/rpc/open_case_link', () => HttpResponse.error()))
    renderApp({ url: '/case/tok123', session: true })
    await within(await screen.findByRole('main')).findByRole('alert')
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })
})
