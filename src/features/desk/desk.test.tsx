import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { rpc } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'
import { RETENTION_DAYS } from '@/types/retention.generated'

vi.setConfig({ testTimeout: 20_000 })

const DESK = {
  id: 'desk-1',
  name: 'Leeds station lost property',
  address: '1 Station Road, Leeds',
  opening_hours: '07:00–19:00',
  public_phone: '0113 496 0000',
  public_email: 'lost@example.test',
  status: 'approved',
  decision_reason: null,
  created_at: '2026-11-20T09:00:00.000Z',
  my_role: 'admin',
  unclaimed_after_days: 14,
}

const CASE = {
  report_id: 'report-1',
  chat_id: '6f1d1c7e-6a43-4d5e-9a57-1d0c2b3a4e5f',
  item_name: 'Black umbrella',
  reference: '4471',
  created_at: '2026-11-21T10:00:00.000Z',
  state: 'owner_told',
  outcome_at: null,
  closed_at: null,
  days_held: 0,
}

describe('/desk', () => {
  it('signs a desk up from a signed-in account and shows that it waits for approval', async () => {
    const calls: unknown[] = []
    let mine: unknown[] = []
    server.use(
      http.post('*/rest/v1/rpc/my_desk', () => HttpResponse.json(mine)),
      http.post('*/rest/v1/rpc/register_desk', async ({ request }) => {
        calls.push(await request.json())
        mine = [{ ...DESK, status: 'pending' }]
        return HttpResponse.json('desk-1')
      }),
    )
    const { user } = renderApp({ url: '/desk', session: true })
    const form = await screen.findByRole('form', { name: 'Sign up as a lost-property desk' })
    await user.type(within(form).getByLabelText('DESK NAME'), 'Leeds station lost property')
    await user.click(within(form).getByRole('button', { name: 'Sign up as a desk' }))
    expect(await within(form).findByText('Please fill in all fields')).toBeVisible()
    expect(calls).toEqual([])

    await user.type(within(form).getByLabelText('ADDRESS'), '1 Station Road, Leeds')
    await user.type(within(form).getByLabelText('OPENING HOURS'), '07:00–19:00')
    await user.type(within(form).getByLabelText('PUBLIC PHONE'), '0113 496 0000')
    await user.type(within(form).getByLabelText('PUBLIC E-MAIL'), 'lost@example.test')
    await user.click(within(form).getByRole('button', { name: 'Sign up as a desk' }))
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeVisible()
    expect(
      screen.getByText(
        'Leeds station lost property is waiting for a Homeward operator to approve it. Until then it cannot report items or add staff.',
      ),
    ).toBeVisible()
    expect(calls).toEqual([
      {
        name: 'Leeds station lost property',
        address: '1 Station Road, Leeds',
        opening_hours: '07:00–19:00',
        public_phone: '0113 496 0000',
        public_email: 'lost@example.test',
      },
    ])
  })

  it('lists the items it holds with their states, marks one collected and manages staff', async () => {
    const marked: unknown[] = []
    const added: unknown[] = []
    let cases = [
      CASE,
      { ...CASE, report_id: 'r2', chat_id: 'c2', item_name: 'Red bag', state: 'owner_replied' },
      { ...CASE, report_id: 'r3', chat_id: 'c3', item_name: 'Keys', state: 'unclaimed' },
    ]
    server.use(
      rpc('my_desk', [DESK]),
      http.post('*/rest/v1/rpc/desk_cases_list', () => HttpResponse.json(cases)),
      rpc('desk_staff_list', [
        { user_id: 'u1', email: 'pat@example.test', role: 'admin', added_at: CASE.created_at },
      ]),
      http.post('*/rest/v1/rpc/mark_desk_case', async ({ request }) => {
        marked.push(await request.json())
        cases = cases.map((c) => (c.chat_id === CASE.chat_id ? { ...c, state: 'collected' } : c))
        return HttpResponse.json('2026-11-21T12:00:00.000Z')
      }),
      http.post('*/rest/v1/rpc/add_desk_staff', async ({ request }) => {
        added.push(await request.json())
        return HttpResponse.json(
          { code: 'P0001', message: 'No Homeward account has this e-mail address.' },
          { status: 400 },
        )
      }),
    )
    const { user } = renderApp({ url: '/desk', session: true })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leeds station lost property' }),
    ).toBeVisible()
    const umbrella = await screen.findByRole('article', { name: 'Black umbrella, Ref 4471' })
    expect(umbrella).toHaveTextContent('Owner told')
    expect(screen.getByRole('article', { name: 'Red bag, Ref 4471' })).toHaveTextContent(
      'Owner replied',
    )
    expect(screen.getByRole('article', { name: 'Keys, Ref 4471' })).toHaveTextContent(
      'Unclaimed after 14 days',
    )
    expect(within(umbrella).getByRole('link', { name: 'Open conversation' })).toHaveAttribute(
      'href',
      `/chat?chatId=${CASE.chat_id}`,
    )
    await user.click(within(umbrella).getByRole('button', { name: 'Mark as collected' }))
    const ask = within(umbrella).getByRole('group', { name: 'Mark Black umbrella as collected?' })
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(marked).toEqual([])
    await user.click(within(umbrella).getByRole('button', { name: 'Mark as collected' }))
    await user.click(within(umbrella).getByRole('button', { name: 'Yes, mark as collected' }))
    expect(
      await screen.findByText('Done. The owner has been told and the conversation is closed.'),
    ).toBeVisible()
    await waitFor(() => expect(umbrella).toHaveTextContent('Collected'))
    expect(within(umbrella).queryByRole('button', { name: 'Mark as posted' })).toBeNull()
    expect(marked).toEqual([{ chat_id: CASE.chat_id, outcome: 'collected' }])

    const staff = screen.getByRole('form', { name: 'Add staff' })
    await user.type(
      within(staff).getByLabelText('E-MAIL OF THEIR HOMEWARD ACCOUNT'),
      'sam@example.test',
    )
    await user.click(within(staff).getByRole('button', { name: 'Add staff' }))
    expect(await screen.findByText('No Homeward account has this e-mail address.')).toBeVisible()
    expect(added).toEqual([{ email: 'sam@example.test' }])
  })

  it('its admin deletes the desk after being asked', async () => {
    let mine: unknown[] = [{ ...DESK, status: 'pending' }]
    const deleted = vi.fn(() => {
      mine = []
      return HttpResponse.json(true)
    })
    server.use(
      http.post('*/rest/v1/rpc/my_desk', () => HttpResponse.json(mine)),
      http.post('*/rest/v1/rpc/delete_my_desk', deleted),
    )
    const { user } = renderApp({ url: '/desk', session: true })
    await user.click(await screen.findByRole('button', { name: 'Delete this desk' }))
    const ask = screen.getByRole('group', { name: 'Delete this desk?' })
    expect(ask).toHaveTextContent(
      "its staff's membership and their access to its conversations are deleted",
    )
    await user.click(within(ask).getByRole('button', { name: 'Yes, delete this desk' }))
    expect(
      await screen.findByRole('form', { name: 'Sign up as a lost-property desk' }),
    ).toBeVisible()
    expect(deleted).toHaveBeenCalledTimes(1)
  })
})

describe('/tag for a desk’s staff', () => {
  it('offers “Report as <desk>” and reports in one tap with the reference', async () => {
    const reported: unknown[] = []
    const report = http.post('*/rest/v1/rpc/desk_report_found', async ({ request }) => {
      reported.push(await request.json())
      return HttpResponse.json([{ chat_id: CASE.chat_id, report_id: 'report-1' }])
    })
    server.use(
      rpc('my_desk', [{ ...DESK, my_role: 'staff' }]),
      rpc('tag_status', {
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      }),
      rpc('lost_item_photo', null),
      report,
    )
    const { user, router } = renderApp({ url: '/tag?tagId=hw7k-3m9q-px', session: true })
    const offer = await screen.findByRole('form', {
      name: 'Report as Leeds station lost property',
    })
    const button = within(offer).getByRole('button', {
      name: 'Report as Leeds station lost property',
    })
    await user.click(button)
    expect(await within(offer).findByText('Enter your reference number.')).toBeVisible()
    expect(reported).toEqual([])
    await user.type(within(offer).getByLabelText('REFERENCE NUMBER'), '4471')
    // The chat it goes on to is another feature's: its first requests are not this test's.
    const chatCalls: string[] = []
    server.use(
      report,
      http.all('*/rest/v1/*', ({ request }) => {
        chatCalls.push(new URL(request.url).pathname)
        return HttpResponse.json([])
      }),
    )
    await user.click(button)
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'))
    expect(router.state.location.search).toBe(`?chatId=${CASE.chat_id}`)
    await waitFor(() => expect(chatCalls).toContain('/rest/v1/rpc/chat_link_status'))
    expect(reported).toEqual([
      { tag_code: 'HW7K3M9QPX', reference: '4471', site_url: window.location.origin },
    ])
  })

  it('says so in words when the tag is not activated', async () => {
    server.use(
      rpc('my_desk', [DESK]),
      rpc('tag_status', {
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      }),
      rpc('lost_item_photo', null),
      http.post('*/rest/v1/rpc/desk_report_found', () =>
        HttpResponse.json({ code: 'P0001', message: 'tag_not_activated' }, { status: 400 }),
      ),
    )
    const { user } = renderApp({ url: '/tag?tagId=HW7K3M9QPX', session: true })
    const offer = await screen.findByRole('form', { name: 'Report as Leeds station lost property' })
    await user.type(within(offer).getByLabelText('REFERENCE NUMBER'), '4471')
    await user.click(
      within(offer).getByRole('button', { name: 'Report as Leeds station lost property' }),
    )
    expect(await within(offer).findByText('Tag not found')).toBeVisible()
  })

  it('offers nothing to a signed-in account that is no desk’s staff', async () => {
    const myDesk = vi.fn(() => HttpResponse.json([]))
    server.use(
      http.post('*/rest/v1/rpc/my_desk', myDesk),
      rpc('tag_status', {
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      }),
      rpc('lost_item_photo', null),
    )
    renderApp({ url: '/tag?tagId=HW7K3M9QPX', session: true })
    await waitFor(() => expect(myDesk).toHaveBeenCalled())
    expect(screen.queryByRole('form', { name: /^Report as/ })).toBeNull()
    expect(await screen.findByRole('button', { name: 'Inform the Owner' })).toBeVisible()
  })
})

describe('/privacy', () => {
  it('says what desks see, and how long a desk’s record of an item is kept', async () => {
    renderApp({ url: '/privacy' })
    const main = await screen.findByRole('main')
    const section = await within(main).findByRole('region', { name: 'Lost-property desks' })
    for (const text of [
      "the desk's name, address, opening hours, public phone and e-mail",
      "never see the owner's contact details",
      'their own Homeward account',
      `${RETENTION_DAYS.finder_details_after_found} days after the item is marked FOUND`,
      `${RETENTION_DAYS.finder_details_after_report} days after the report`,
      'When a desk is deleted',
    ]) {
      expect(section).toHaveTextContent(text)
    }
  })
})

describe('the desk in the pseudo-locale: every word comes from the catalogs', () => {
  let restore = () => {}
  afterEach(() => restore())
  const refusal = (code: string) =>
    HttpResponse.json({ code: 'P0001', message: code }, { status: 400 })
  // The test's own data, and the month of a date (dates keep their en-GB format).
  const DATA = [
    DESK.name,
    DESK.address,
    DESK.public_email,
    'pat@example.test',
    'sam@example.test',
    'Black umbrella',
    'Red bag',
    'Keys',
    'No phone number given',
    'Nov',
  ]
  const main = () => screen.getByRole('main')

  it('signing up: the form, a missing field and a refusal', async () => {
    restore = usePseudoLocale()
    server.use(
      rpc('my_desk', []),
      http.post('*/rest/v1/rpc/register_desk', () => refusal('already_in_a_desk')),
    )
    const { user } = renderApp({ url: '/desk', session: true })
    const form = await screen.findByRole('form')
    expect(englishLeftIn(main(), DATA)).toEqual([])
    await user.click(within(form).getByRole('button'))
    const missing = (await within(form).findByRole('alert')).textContent
    expect(englishLeftIn(main(), DATA)).toEqual([])
    for (const input of within(form).getAllByRole('textbox')) await user.type(input, 'Keys')
    await user.click(within(form).getByRole('button'))
    await waitFor(() => expect(within(form).getByRole('alert').textContent).not.toBe(missing))
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('waiting for approval, and refused with a reason', async () => {
    restore = usePseudoLocale()
    server.use(rpc('my_desk', [{ ...DESK, status: 'pending', my_role: 'staff' }]))
    const first = renderApp({ url: '/desk', session: true })
    await within(await screen.findByRole('main')).findByRole('heading', { level: 1 })
    expect(englishLeftIn(main(), DATA)).toEqual([])
    first.unmount()

    server.use(
      rpc('my_desk', [
        { ...DESK, status: 'refused', decision_reason: 'No phone number given', my_role: 'staff' },
      ]),
    )
    renderApp({ url: '/desk', session: true })
    await within(main()).findByText(/No phone number given/)
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('the desk could not be loaded', async () => {
    restore = usePseudoLocale()
    server.use(http.post('*/rest/v1/rpc/my_desk', () => refusal('not_desk_staff')))
    renderApp({ url: '/desk', session: true })
    await within(main()).findByRole('alert')
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('an approved desk: no items yet', async () => {
    restore = usePseudoLocale()
    server.use(rpc('my_desk', [DESK]), rpc('desk_cases_list', []), rpc('desk_staff_list', []))
    renderApp({ url: '/desk', session: true })
    await waitFor(() =>
      expect(within(main()).getAllByText(/ẋ/, { selector: 'p' }).length).toBeGreaterThanOrEqual(2),
    )
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('an approved desk: its items in every state, a question, refusals, its staff', async () => {
    restore = usePseudoLocale()
    const states = ['owner_told', 'owner_replied', 'unclaimed', 'collected', 'posted', 'closed']
    server.use(
      rpc('my_desk', [DESK]),
      rpc(
        'desk_cases_list',
        states.map((state, index) => ({
          ...CASE,
          report_id: `r${index}`,
          chat_id: `c${index}`,
          state,
          closed_at: state === 'closed' ? CASE.created_at : null,
        })),
      ),
      rpc('desk_staff_list', [
        { user_id: 'u1', email: 'pat@example.test', role: 'admin', added_at: CASE.created_at },
        { user_id: 'u2', email: 'sam@example.test', role: 'staff', added_at: CASE.created_at },
      ]),
      http.post('*/rest/v1/rpc/mark_desk_case', () => refusal('invalid_outcome')),
      http.post('*/rest/v1/rpc/add_desk_staff', () => refusal('no_such_account')),
      http.post('*/rest/v1/rpc/delete_my_desk', () => refusal('not_desk_admin')),
    )
    const { user } = renderApp({ url: '/desk', session: true })
    const [first] = await screen.findAllByRole('article')
    await screen.findByText(/sam@example.test/)
    expect(englishLeftIn(main(), DATA)).toEqual([])

    const buttons = within(first!).getAllByRole('button')
    await user.click(buttons[0]!)
    expect(within(first!).getByRole('group')).toBeVisible()
    expect(englishLeftIn(main(), DATA)).toEqual([])
    await user.click(within(first!).getAllByRole('button')[0]!)
    const held = screen.getByRole('region', { name: /ĥöĺđ/ })
    await within(held).findByRole('alert')
    expect(englishLeftIn(main(), DATA)).toEqual([])

    const staff = screen.getByRole('form', { name: /šŧåƒƒ/ })
    await user.type(within(staff).getByRole('textbox'), 'sam@example.test')
    await user.click(within(staff).getByRole('button'))
    await within(screen.getByRole('region', { name: /Šŧåƒƒ/ })).findByRole('alert')
    const lastButton = within(main()).getAllByRole('button').at(-1)!
    await user.click(lastButton)
    await user.click(within(main()).getAllByRole('button').at(-2)!)
    await waitFor(() => expect(within(main()).getAllByRole('alert')).toHaveLength(3))
    expect(englishLeftIn(main(), DATA)).toEqual([])
  })

  it('on /tag: "Report as <desk>", a missing reference and a refusal', async () => {
    restore = usePseudoLocale()
    server.use(
      rpc('my_desk', [DESK]),
      rpc('tag_status', {
        status: 'activated',
        lost_note: null,
        return_instructions: null,
        own_item: null,
      }),
      rpc('lost_item_photo', null),
      http.post('*/rest/v1/rpc/desk_report_found', () => refusal('too_many_reports')),
    )
    const { user } = renderApp({ url: '/tag?tagId=HW7K3M9QPX', session: true })
    const offer = await screen.findByRole('form', { name: new RegExp(DESK.name) })
    expect(englishLeftIn(offer, DATA)).toEqual([])
    await user.click(within(offer).getByRole('button'))
    const missing = (await within(offer).findByRole('alert')).textContent
    expect(englishLeftIn(offer, DATA)).toEqual([])
    await user.type(within(offer).getByRole('textbox'), '4471')
    await user.click(within(offer).getByRole('button'))
    await waitFor(() => expect(within(offer).getByRole('alert').textContent).not.toBe(missing))
    expect(englishLeftIn(offer, DATA)).toEqual([])
  })
})
