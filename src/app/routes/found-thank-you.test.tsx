import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { restGet } from '@/testing/supabase-handlers'
import { fakeRealtime } from '@/features/chat/testing/fake-realtime'

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
vi.setConfig({ testTimeout: 20_000 })

const CHAT_URL = 'http://localhost:5173/chat?chatId=c1#token=secret'

type Receipt = {
  owner_notified_at: string | null
  owner_notified_channels: string[]
  owner_seen_chat_at: string | null
}

describe('/found/thank-you receipts', () => {
  it('shows what happened to the report, live: alerted by text and e-mail, then the report seen', async () => {
    sessionStorage.setItem(
      'homeward.lastReport',
      JSON.stringify({ chatId: 'c1', chatUrl: CHAT_URL }),
    )
    const realtime = fakeRealtime()
    server.use(realtime.handler)
    let report: Receipt = {
      owner_notified_at: null,
      owner_notified_channels: [],
      owner_seen_chat_at: null,
    }
    renderApp({
      url: '/found/thank-you',
      handlers: [restGet('chats', [{ report_id: 'r1' }]), restGet('found_reports', () => [report])],
    })
    const status = await screen.findByRole('status', { name: 'Your report' })
    expect(status).toHaveTextContent('We are telling the owner now.')

    // A notice on receipts:c1 makes the page read the stored report again.
    await waitFor(() => expect(realtime.joined).toContain('receipts:c1'))
    report = {
      ...report,
      owner_notified_at: '2026-11-23T10:00:00Z',
      owner_notified_channels: ['email', 'sms'],
    }
    realtime.broadcast('receipts:c1', 'receipt', {})
    await waitFor(() => expect(status).toHaveTextContent('The owner was sent a text and an e-mail'))
    expect(status).not.toHaveTextContent('The owner has seen')

    report = { ...report, owner_seen_chat_at: '2026-11-23T10:05:00Z' }
    realtime.broadcast('receipts:c1', 'receipt', {})
    // No message written yet: what the owner has seen is the report.
    await waitFor(() => expect(status).toHaveTextContent('The owner has seen your report'))
    expect(status).not.toHaveTextContent('your message')
  })

  it('says an e-mail only when no text could be sent', async () => {
    sessionStorage.setItem(
      'homeward.lastReport',
      JSON.stringify({ chatId: 'c1', chatUrl: CHAT_URL }),
    )
    const realtime = fakeRealtime()
    server.use(realtime.handler)
    renderApp({
      url: '/found/thank-you',
      handlers: [
        restGet('chats', [{ report_id: 'r1' }]),
        restGet('found_reports', [
          {
            owner_notified_at: '2026-11-23T10:00:00Z',
            owner_notified_channels: ['email'],
            owner_seen_chat_at: null,
          },
        ]),
      ],
    })
    const status = await screen.findByRole('status', { name: 'Your report' })
    await waitFor(() => expect(status).toHaveTextContent('The owner was sent an e-mail'))
    expect(status).not.toHaveTextContent('a text')
  })
})
