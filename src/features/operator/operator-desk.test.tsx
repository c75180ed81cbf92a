import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser, restGet, rpc } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })

const operator = fakeUser()

const REPORT = {
  report_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  created_at: '2026-11-21T10:00:00.000Z',
  reason: 'money_or_codes',
  note: 'Wants a deposit',
  reporter_role: 'finder',
  chat_id: 'chat-1',
  chat_closed_reason: null,
  item_id: 'item-1',
  item_name: 'Green scarf',
  tag_code: 'HWABC23456',
  tag_status: 'activated',
  item_status: 'LOST',
  kept_messages: 1,
}

const WAITING_DESK = {
  id: 'desk-1',
  name: 'Leeds station lost property',
  address: '1 Station Road, Leeds',
  opening_hours: '07:00–19:00',
  public_phone: '0113 496 0000',
  public_email: 'lost@example.test',
  created_at: '2026-11-21T10:00:00.000Z',
  admin_email: 'pat@example.test',
}

describe('/operator', () => {
  it('tells anyone who is not an operator that the page is not for them, and loads no reports', async () => {
    const desk = vi.fn(() => HttpResponse.json([]))
    server.use(rpc('am_i_operator', false), http.post('*/rest/v1/rpc/desk_reports', desk))
    renderApp({ url: '/operator', session: { user: operator } })
    expect(await screen.findByText("This page is for Homeward's operators.")).toBeVisible()
    expect(desk).not.toHaveBeenCalled()
  })

  it('lists open reports, shows the kept conversation and acts with a reason', async () => {
    const calls: unknown[] = []
    let reports = [REPORT]
    server.use(
      rpc('am_i_operator', true),
      rpc('desks_waiting', []),
      http.post('*/rest/v1/rpc/desk_reports', () => HttpResponse.json(reports)),
      restGet('kept_messages', [
        {
          message_id: 'm1',
          position: 1,
          sender_role: 'owner',
          body: 'Send a deposit of £20 first',
          scam_signals: ['payment'],
          sent_at: '2026-11-21T09:59:00.000Z',
        },
      ]),
      http.post('*/rest/v1/rpc/act_on_report', async ({ request }) => {
        calls.push(await request.json())
        reports = []
        return HttpResponse.json('close_conversation')
      }),
    )
    const { user } = renderApp({ url: '/operator', session: { user: operator } })
    const card = await screen.findByRole('article', {
      name: 'Asks for money or codes: Green scarf',
    })
    expect(card).toHaveTextContent('tag HWABC23456 (activated)')
    expect(card).toHaveTextContent('“Wants a deposit”')
    await user.click(within(card).getByRole('button', { name: 'Open report' }))
    const kept = await within(card).findByRole('list', { name: 'Kept conversation' })
    expect(kept).toHaveTextContent('Send a deposit of £20 first')
    expect(kept).toHaveTextContent('flagged: payment')

    await user.click(within(card).getByRole('button', { name: 'Confirm action' }))
    expect(await screen.findByText('Choose what to do about this report.')).toBeVisible()
    await user.selectOptions(within(card).getByRole('combobox'), 'Close the conversation')
    await user.click(within(card).getByRole('button', { name: 'Confirm action' }))
    expect(await screen.findByText('Give a reason for what you do.')).toBeVisible()
    expect(calls).toEqual([])
    await user.type(within(card).getByRole('textbox'), 'Asked the finder for money')
    await user.click(within(card).getByRole('button', { name: 'Confirm action' }))
    expect(await screen.findByText('Done. The person who reported it has been told.')).toBeVisible()
    expect(calls).toEqual([
      {
        report_id: REPORT.report_id,
        action: 'close_conversation',
        reason: 'Asked the finder for money',
      },
    ])
    expect(await screen.findByText('No open reports. Nothing to do.')).toBeVisible()
  })

  it('lists desks waiting for approval and approves or refuses one with a reason (issue 50)', async () => {
    const calls: unknown[] = []
    let waiting = [
      {
        id: 'desk-1',
        name: 'Leeds station lost property',
        address: '1 Station Road, Leeds',
        opening_hours: '07:00–19:00',
        public_phone: '0113 496 0000',
        public_email: 'lost@example.test',
        created_at: '2026-11-21T10:00:00.000Z',
        admin_email: 'pat@example.test',
      },
    ]
    server.use(
      rpc('am_i_operator', true),
      rpc('desk_reports', []),
      http.post('*/rest/v1/rpc/desks_waiting', () => HttpResponse.json(waiting)),
      http.post('*/rest/v1/rpc/decide_desk', async ({ request }) => {
        calls.push(await request.json())
        waiting = []
        return HttpResponse.json('approve')
      }),
    )
    const { user } = renderApp({ url: '/operator', session: { user: operator } })
    expect(await screen.findByRole('heading', { name: 'Desks waiting for approval' })).toBeVisible()
    const card = await screen.findByRole('article', { name: 'Leeds station lost property' })
    expect(card).toHaveTextContent('Signed up by pat@example.test')
    await user.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(await within(card).findByText('Give a reason for what you do.')).toBeVisible()
    expect(calls).toEqual([])
    await user.type(within(card).getByRole('textbox'), 'Called the station')
    await user.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(
      await screen.findByText(
        'Approved Leeds station lost property. Its staff can now report items.',
      ),
    ).toBeVisible()
    expect(calls).toEqual([
      { desk_id: 'desk-1', decision: 'approve', reason: 'Called the station' },
    ])
    expect(await screen.findByText('No desks are waiting.')).toBeVisible()
  })
})

describe('/operator in the pseudo-locale: every word comes from the catalogs', () => {
  let restore = () => {}
  afterEach(() => restore())
  // The test's own data, and the month of a date (dates keep their en-GB format).
  const DATA = [
    'Green scarf',
    'Wants a deposit',
    'Send a deposit of £20 first',
    'payment',
    WAITING_DESK.name,
    WAITING_DESK.address,
    WAITING_DESK.public_email,
    WAITING_DESK.admin_email,
    'Nov',
  ]

  it('not an operator', async () => {
    restore = usePseudoLocale()
    server.use(rpc('am_i_operator', false))
    renderApp({ url: '/operator', session: { user: operator } })
    await within(screen.getByRole('main')).findByText(/ẋ/, { selector: 'p' })
    expect(englishLeftIn(screen.getByRole('main'))).toEqual([])
  })

  it('nothing to do: no reports, no desks waiting', async () => {
    restore = usePseudoLocale()
    server.use(rpc('am_i_operator', true), rpc('desk_reports', []), rpc('desks_waiting', []))
    renderApp({ url: '/operator', session: { user: operator } })
    const main = screen.getByRole('main')
    await waitFor(() =>
      expect(within(main).getAllByText(/ẋ/, { selector: 'p' }).length).toBeGreaterThanOrEqual(2),
    )
    expect(englishLeftIn(screen.getByRole('main'))).toEqual([])
  })

  it('a report opened with its kept conversation and refusals, and a desk waiting', async () => {
    restore = usePseudoLocale()
    let acted = 0
    server.use(
      rpc('am_i_operator', true),
      rpc('desks_waiting', [WAITING_DESK, { ...WAITING_DESK, id: 'desk-2', admin_email: null }]),
      rpc('desk_reports', [
        REPORT,
        { ...REPORT, report_id: 'r2', reason: 'spam', reporter_role: 'owner', tag_status: null },
      ]),
      restGet('kept_messages', [
        {
          message_id: 'm1',
          position: 1,
          sender_role: 'owner',
          body: 'Send a deposit of £20 first',
          scam_signals: ['payment'],
          sent_at: '2026-11-21T09:59:00.000Z',
        },
        {
          message_id: 'm2',
          position: 2,
          sender_role: 'finder',
          body: 'Send a deposit of £20 first',
          scam_signals: [],
          sent_at: '2026-11-21T09:59:00.000Z',
        },
      ]),
      http.post('*/rest/v1/rpc/act_on_report', () => {
        acted += 1
        return HttpResponse.json({ code: 'P0001', message: 'report_closed' }, { status: 400 })
      }),
    )
    const { user } = renderApp({ url: '/operator', session: { user: operator } })
    const [card] = await screen.findAllByRole('article', { name: /Green scarf/ })
    await user.click(within(card!).getAllByRole('button')[0]!)
    await within(card!).findByRole('list')
    const submit = within(card!).getAllByRole('button').at(-1)!
    await user.click(submit)
    await within(card!).findByRole('alert')
    expect(englishLeftIn(screen.getByRole('main'), DATA)).toEqual([])

    await user.selectOptions(within(card!).getByRole('combobox'), 'dismiss')
    await user.type(within(card!).getByRole('textbox'), 'Green scarf')
    const refusal = within(card!).getByRole('alert').textContent
    await user.click(submit)
    await waitFor(() => expect(acted).toBe(1))
    await waitFor(() => expect(within(card!).getByRole('alert').textContent).not.toBe(refusal))
    const desk = screen.getAllByRole('article', { name: WAITING_DESK.name })[0]!
    await user.click(within(desk).getAllByRole('button')[0]!)
    await within(desk).findByRole('alert')
    expect(englishLeftIn(screen.getByRole('main'), DATA)).toEqual([])
  })
})
