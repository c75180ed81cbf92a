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

/** The photos box's English words (src/locales/en.json; the tests run in English). */
const REPORT_PHOTO_TEXT = {
  list: 'Your photos for the owner',
  sent: (count: number) =>
    count === 1
      ? 'Your photo was sent to the owner. You will find it in the chat.'
      : 'Your photos were sent to the owner. You will find them in the chat.',
  uploadFailed:
    'A photo could not be uploaded, so nothing is sent yet. Press "Try again" on it, or remove it.',
  failed: 'Your photos could not be sent. Check your connection and try again.',
  tryAgain: 'Try again',
} as const
const UNSENT_PHOTOS_TEXT = {
  notice: (count: number) =>
    count === 1
      ? 'Your photo is not with the owner yet. Stay on this page until it says "Sent to the owner".'
      : `Your ${count} photos are not with the owner yet. Stay on this page until they say "Sent to the owner".`,
  confirmLeave:
    'Your photos are not sent to the owner yet. Leave this page without sending them? They will be lost.',
} as const
const REPORT_PHOTO_STATUS = {
  uploaded: 'Not sent yet',
  failed: 'Not uploaded',
  sent: 'Sent to the owner',
} as const
import { fakeRealtime } from '@/testing/fake-realtime'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { messages as pl } from '@/locales/compiled/pl'

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

  const sentTo = () => within(screen.getByRole('list', { name: REPORT_PHOTO_TEXT.list }))
  /** The thank-you page holds no press-to-send button any more. */
  const expectNoSendButton = () =>
    expect(screen.queryByRole('button', { name: /send/i })).not.toBeInTheDocument()

  it('sends the chosen photos to the owner as soon as they have uploaded: one message, no second press', async () => {
    const { user } = open()
    await user.upload(await addPhoto(), [photo(), photo()])
    await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.sent)).toHaveLength(2))
    expect(screen.getByText(REPORT_PHOTO_TEXT.sent(2))).toHaveAttribute('role', 'status')
    expect(uploads).toHaveLength(2)
    for (const path of uploads) expect(path).toMatch(PATH)
    expect(posts).toHaveLength(1)
    expect(posts[0]).toMatchObject({ chat_id: CHAT_ID, body: '', photo_paths: uploads })
    expect(posts[0]?.id).toMatch(/^[0-9a-f-]{36}$/)
    expectNoSendButton()
    // Never "Uploaded" for a photo: the words say what the owner has.
    expect(screen.queryByText('Uploaded')).not.toBeInTheDocument()
    // Sent photos cannot be taken back; a third may still be added, as its own message.
    expect(screen.queryByRole('button', { name: /^Remove photo/ })).not.toBeInTheDocument()
    await user.upload(screen.getByLabelText('Add a photo'), photo())
    await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.sent)).toHaveLength(3))
    expect(screen.getByText(REPORT_PHOTO_TEXT.sent(3))).toBeInTheDocument()
    expect(posts).toHaveLength(2)
    expect(posts[1]?.photo_paths).toEqual([uploads[2]])
    expect(posts[1]?.id).not.toBe(posts[0]?.id)
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument()
  })

  it('shows a failed upload with Try again, sends nothing until it is fixed, then one message with every photo', async () => {
    failUploads = true
    const { user } = open()
    await user.upload(await addPhoto(), [photo(), photo()])
    await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.failed)).toHaveLength(2))
    expect(screen.getByRole('alert')).toHaveTextContent(REPORT_PHOTO_TEXT.uploadFailed)
    expect(posts).toEqual([])

    failUploads = false
    await user.click(screen.getByRole('button', { name: 'Try again: photo 1' }))
    await sentTo().findByText(REPORT_PHOTO_STATUS.uploaded)
    // photo 1 waits for photo 2: still nothing sent, and not called sent
    expect(posts).toEqual([])
    expect(sentTo().queryByText(REPORT_PHOTO_STATUS.sent)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Try again: photo 2' }))
    await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.sent)).toHaveLength(2))
    expect(uploads).toHaveLength(2)
    expect(new Set(uploads).size).toBe(2)
    expect(posts).toHaveLength(1)
    expect(posts[0]?.photo_paths).toEqual(uploads)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  /**
   * The messages table as PostgREST answers an upsert that ignores duplicates; the
   * first answer is lost on the way back (the message is stored all the same).
   */
  const droppedFirstAnswer = () => {
    const stored = new Map<string, Record<string, unknown>>()
    const ids: unknown[] = []
    let dropNext = true
    server.use(
      http.post('*/rest/v1/messages', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        ids.push(body.id)
        const id = String(body.id)
        const isNew = !stored.has(id)
        if (isNew) {
          stored.set(id, {
            ...body,
            sender_id: FINDER.id,
            sender_role: 'finder',
            created_at: '2026-11-26T21:00:00Z',
            position: stored.size + 1,
          })
        }
        // The message is stored, but the answer never arrives.
        if (dropNext) {
          dropNext = false
          return HttpResponse.error()
        }
        // on conflict (id) do nothing: a duplicate returns no row
        return HttpResponse.json(isNew ? [stored.get(id)] : [], { status: 201 })
      }),
      restGet('messages', (url) =>
        [...stored.values()].filter((row) => `eq.${String(row.id)}` === url.searchParams.get('id')),
      ),
    )
    return { stored, ids }
  }

  it('after a dropped connection, Try again sends the same message id: the owner gets one message', async () => {
    const { stored, ids } = droppedFirstAnswer()
    const { user } = open()
    await user.upload(await addPhoto(), [photo(), photo()])
    expect(await screen.findByText(REPORT_PHOTO_TEXT.failed)).toBeInTheDocument()
    expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.uploaded)).toHaveLength(2)
    expect(screen.getByText(UNSENT_PHOTOS_TEXT.notice(2))).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: REPORT_PHOTO_TEXT.tryAgain }))
    await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.sent)).toHaveLength(2))
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    expect(stored.size).toBe(1)
    expect([...stored.values()][0]?.photo_paths).toEqual(uploads)
    expect(screen.queryByText(REPORT_PHOTO_TEXT.failed)).not.toBeInTheDocument()
    expect(screen.queryByText(UNSENT_PHOTOS_TEXT.notice(2))).not.toBeInTheDocument()
  })

  it('tries a failed send again by itself when the browser is back online, with the same id', async () => {
    const { stored, ids } = droppedFirstAnswer()
    const { user } = open()
    await user.upload(await addPhoto(), photo())
    expect(await screen.findByText(REPORT_PHOTO_TEXT.failed)).toBeInTheDocument()
    window.dispatchEvent(new Event('online'))
    await sentTo().findByText(REPORT_PHOTO_STATUS.sent)
    expect(screen.getByText(REPORT_PHOTO_TEXT.sent(1))).toBeInTheDocument()
    expect(ids).toHaveLength(2)
    expect(ids[1]).toBe(ids[0])
    expect(stored.size).toBe(1)
  })

  it('warns before leaving only while a photo is really not with the owner; after it was sent, leaving asks nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    try {
      failUploads = true
      const { user, router } = open()
      await user.upload(await addPhoto(), [photo(), photo()])
      await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.failed)).toHaveLength(2))
      expect(screen.getByText(UNSENT_PHOTOS_TEXT.notice(2))).toHaveAttribute('role', 'status')
      // Closing or reloading the tab: the browser is asked to warn.
      const unload = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(unload)
      expect(unload.defaultPrevented).toBe(true)
      // A link in the app: asked first; staying keeps the photos.
      await user.click(screen.getByRole('link', { name: 'Protect Your Items' }))
      expect(confirm).toHaveBeenCalledWith(UNSENT_PHOTOS_TEXT.confirmLeave)
      expect(router.state.location.pathname).toBe('/found/thank-you')
      expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.failed)).toHaveLength(2)

      failUploads = false
      await user.click(screen.getByRole('button', { name: 'Try again: photo 1' }))
      await user.click(screen.getByRole('button', { name: 'Try again: photo 2' }))
      await waitFor(() => expect(sentTo().getAllByText(REPORT_PHOTO_STATUS.sent)).toHaveLength(2))
      expectNoSendButton()
      expect(posts).toHaveLength(1)
      await waitFor(() => expect(screen.queryByText(UNSENT_PHOTOS_TEXT.notice(2))).toBeNull())
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

  it("speaks the finder's language: the box, each photo's state and buttons, the refusal, the unsent notice (Polish)", async () => {
    activateCatalog('pl', pl)
    try {
      failUploads = true
      const { user } = open()
      const box = await screen.findByRole('region', { name: 'Dodaj zdjęcia dla właściciela' })
      expect(box).toHaveTextContent('Maksymalnie 3 zdjęcia.')
      const input = await screen.findByLabelText('Dodaj zdjęcie')
      await waitFor(() => expect(input).toBeEnabled())
      await user.upload(input, chosenFile(SVG_TEXT, 'drawing.svg', 'image/svg+xml'))
      expect(
        await screen.findByText(
          'Tego pliku nie możemy użyć jako zdjęcia. Wybierz zdjęcie JPEG, PNG lub WebP.',
        ),
      ).toBeInTheDocument()

      await user.upload(screen.getByLabelText('Dodaj zdjęcie'), [photo(), photo()])
      const list = () => within(screen.getByRole('list', { name: 'Twoje zdjęcia dla właściciela' }))
      await waitFor(() => expect(list().getAllByText('Nie przesłano')).toHaveLength(2))
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Nie udało się przesłać zdjęcia, więc nic jeszcze nie wysłano.',
      )
      expect(
        screen.getByText(/^Twoje 2 zdjęcia nie dotarły jeszcze do właściciela/),
      ).toBeInTheDocument()
      expect(list().getByRole('button', { name: 'Usuń zdjęcie 2' })).toHaveTextContent('Usuń')
      expect(list().getByRole('img', { name: 'Załącznik 1' })).toBeInTheDocument()

      failUploads = false
      await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie: zdjęcie 1' }))
      await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie: zdjęcie 2' }))
      await waitFor(() => expect(list().getAllByText('Wysłano do właściciela')).toHaveLength(2))
      expect(
        screen.getByText('Twoje zdjęcia trafiły do właściciela. Znajdziesz je w czacie.'),
      ).toHaveAttribute('role', 'status')
      expect(box).not.toHaveTextContent(/photo|owner|upload|Try again/i)
    } finally {
      activateCatalog('en', en)
    }
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
    expect(screen.queryByRole('list', { name: REPORT_PHOTO_TEXT.list })).not.toBeInTheDocument()
    expect(uploads).toEqual([])
    expect(posts).toEqual([])
  })

  it("shows the server's refusal in its words (too many unsent photos) and sends nothing", async () => {
    const tooMany =
      'You have uploaded many photos that were not sent. Please send them or try again later.'
    refuseUploads = HttpResponse.json(
      { error: { code: 'too_many_photos', message: 'too_many_photos' } },
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
