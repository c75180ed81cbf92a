import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { checkPhoto, fakeUser, restGet } from '@/testing/supabase-handlers'
import {
  chosenFile,
  installBrowserImages,
  JPEG_BYTES,
  SVG_TEXT,
  type BrowserImages,
} from '@/testing/browser-images'
import { PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { UNSENT_PHOTOS_TEXT } from '@/app/routes/unsent-photos-guard'
import { REPORT_PHOTO_TEXT } from '@/features/conversation/components/report-photos'
import { fakeRealtime } from '@/testing/fake-realtime'

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

describe('/found/thank-you photos for the owner', () => {
  const FINDER = fakeUser({
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    email: '',
    is_anonymous: true,
    app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
    user_metadata: {},
  })
  const CHAT_ID = '3f2b8c1e-7a4d-4e6b-9c0a-1d2e3f4a5b6c'
  const PATH = new RegExp(`^${CHAT_ID}/${FINDER.id}/[0-9a-f-]{36}\\.jpg$`)
  let images: BrowserImages
  let uploads: string[]
  let posts: Record<string, unknown>[]
  let failUploads: boolean
  let refuseUploads: Response | null

  beforeEach(() => {
    images = installBrowserImages()
    uploads = []
    posts = []
    failUploads = false
    refuseUploads = null
    sessionStorage.setItem(
      'homeward.lastReport',
      JSON.stringify({ chatId: CHAT_ID, chatUrl: CHAT_URL }),
    )
    server.use(
      fakeRealtime().handler,
      restGet('chats', [{ report_id: 'r1' }]),
      restGet('found_reports', [
        { owner_notified_at: null, owner_notified_channels: [], owner_seen_chat_at: null },
      ]),
      checkPhoto(({ bucket, name }) => {
        if (refuseUploads) return refuseUploads
        if (failUploads) {
          return HttpResponse.json(
            {
              error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
            },
            { status: 500 },
          )
        }
        expect(bucket).toBe('chat-photos')
        uploads.push(name)
      }),
      http.post('*/rest/v1/messages', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        posts.push(body)
        return HttpResponse.json(
          [
            {
              ...body,
              sender_id: FINDER.id,
              sender_role: 'finder',
              created_at: '2026-11-26T21:00:00Z',
              position: 1,
            },
          ],
          { status: 201 },
        )
      }),
    )
  })
  afterEach(() => images.restore())

  const photo = () => chosenFile(JPEG_BYTES, 'IMG_0001.JPG', 'image/jpeg')
  const open = () => renderApp({ url: '/found/thank-you', session: { user: FINDER } })
  /** The picker, once the finder's session (their folder) is known. */
  const addPhoto = async () => {
    const input = await screen.findByLabelText('Add a photo', undefined, { timeout: 10_000 })
    await waitFor(() => expect(input).toBeEnabled())
    return input
  }

  it("uploads each photo into the finder's folder of the report's chat, then sends them as one message", async () => {
    const { user } = open()
    await user.upload(await addPhoto(), [photo(), photo()])
    const list = screen.getByRole('list', { name: 'Photos to send' })
    await waitFor(() => expect(within(list).getAllByText('Uploaded')).toHaveLength(2))
    expect(uploads).toHaveLength(2)
    for (const path of uploads) expect(path).toMatch(PATH)
    expect(posts).toEqual([])

    await user.click(screen.getByRole('button', { name: REPORT_PHOTO_TEXT.send }))
    expect(await screen.findByText(REPORT_PHOTO_TEXT.sent)).toBeInTheDocument()
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({ chat_id: CHAT_ID, body: '', photo_paths: uploads })
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument()
  })

  it('says plainly that chosen photos are not sent yet, and asks before the finder leaves without them', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    try {
      const { user, router } = open()
      await user.upload(await addPhoto(), [photo(), photo()])
      const list = screen.getByRole('list', { name: 'Photos to send' })
      await waitFor(() => expect(within(list).getAllByText('Uploaded')).toHaveLength(2))
      expect(screen.getByText(UNSENT_PHOTOS_TEXT.notice(2))).toHaveAttribute('role', 'status')
      // Closing or reloading the tab: the browser is asked to warn.
      const unload = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(unload)
      expect(unload.defaultPrevented).toBe(true)
      // A link in the app: asked first; staying keeps the photos.
      await user.click(screen.getByRole('link', { name: 'Protect Your Items' }))
      expect(confirm).toHaveBeenCalledWith(UNSENT_PHOTOS_TEXT.confirmLeave)
      expect(router.state.location.pathname).toBe('/found/thank-you')
      expect(within(list).getAllByText('Uploaded')).toHaveLength(2)

      await user.click(screen.getByRole('button', { name: REPORT_PHOTO_TEXT.send }))
      expect(await screen.findByText(REPORT_PHOTO_TEXT.sent)).toBeInTheDocument()
      expect(screen.queryByText(UNSENT_PHOTOS_TEXT.notice(2))).toBeNull()
      const after = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(after)
      expect(after.defaultPrevented).toBe(false)
      confirm.mockClear()
      await user.click(screen.getByRole('link', { name: 'Protect Your Items' }))
      await waitFor(() => expect(router.state.location.pathname).toBe('/register'))
      expect(confirm).not.toHaveBeenCalled()
    } finally {
      confirm.mockRestore()
    }
  })

  it('sends nothing while a photo failed to upload, and sends it after Retry', async () => {
    failUploads = true
    const { user } = open()
    await user.upload(await addPhoto(), photo())
    expect(await screen.findByText('Not uploaded')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: REPORT_PHOTO_TEXT.send }))
    expect(await screen.findByText(PHOTO_MESSAGES.fixPhotos)).toBeInTheDocument()
    expect(posts).toEqual([])

    failUploads = false
    await user.click(screen.getByRole('button', { name: 'Retry photo 1' }))
    await screen.findByText('Uploaded')
    await user.click(screen.getByRole('button', { name: REPORT_PHOTO_TEXT.send }))
    expect(await screen.findByText(REPORT_PHOTO_TEXT.sent)).toBeInTheDocument()
    expect(posts).toHaveLength(1)
    expect(posts[0]?.photo_paths).toEqual(uploads)
  })

  it('refuses an SVG or a file that is not an image in our words, uploading nothing', async () => {
    const { user } = open()
    await user.upload(await addPhoto(), chosenFile(SVG_TEXT, 'drawing.svg', 'image/svg+xml'))
    expect(await screen.findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument()
    await user.upload(
      screen.getByLabelText('Add a photo'),
      chosenFile('%PDF-1.7', 'a.jpg', 'image/jpeg'),
    )
    expect(await screen.findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Photos to send' })).not.toBeInTheDocument()
    expect(uploads).toEqual([])
    expect(posts).toEqual([])
  })

  it("shows the server's refusal in its words (too many unsent photos) and sends nothing", async () => {
    const tooMany =
      'You have uploaded many photos that were not sent. Please send them or try again later.'
    refuseUploads = HttpResponse.json(
      { error: { code: 'too_many_photos', message: tooMany } },
      { status: 429, headers: { 'Retry-After': '600' } },
    )
    const { user } = open()
    await user.upload(await addPhoto(), photo())
    expect(await screen.findByText(tooMany)).toBeInTheDocument()
    expect(screen.getByText('Not uploaded')).toBeInTheDocument()
    expect(uploads).toEqual([])
    expect(posts).toEqual([])
  })
})
