import { http, HttpResponse, type RequestHandler } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { lastReportAtom } from '@/lib/last-report'
import { stateAtom } from '@/lib/store'
import { expectPath, renderApp } from '@/testing/render-app'
import { fakeSession, fakeUser, fn, fnError, restGet, rpc } from '@/testing/supabase-handlers'
import { server } from '@/testing/server'
import { heldTagAtom } from '@/features/found/state'
import {
  PENDING_OFFLINE_TEXT,
  PENDING_REPORT_KEY,
  PENDING_STOPPED_TEXT,
  PENDING_UNREACHABLE_TEXT,
  type PendingReport,
} from '@/features/found/pending-report'
import { REPORT_MESSAGES } from '@/features/found/report-submission'
import { english } from '@/testing/english'
import { TAG_MESSAGES } from '@/features/found/use-tag-lookup'
import { ownerRealtime } from '@/testing/owner-realtime'

// The thank-you page listens for receipts on a Realtime socket: never a running stack.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

vi.setConfig({ testTimeout: 20_000 })

type AppUser = ReturnType<typeof renderApp>['user']

/**
 * The text is on the page (the offline banner shows as plain text until Chakra's Alert
 * arrives, so the element found first may be replaced).
 */
function showsText(text: string) {
  return waitFor(() => expect(screen.getByText(text)).toBeInTheDocument())
}

const CHAT_URL = 'http://localhost:5173/chat?chatId=c1#token=secret'

/** tag_status's answer as the database gives it (supabase/migrations/*_lost_mode.sql). */
function tagAnswer(
  status: 'activated' | 'unclaimed' | 'not_found',
  extra: {
    lost_note?: string | null
    return_instructions?: string | null
    own_item?: { id: string; name: string; status: string | null } | null
    lost_photo?: true
  } = {},
) {
  return { status, lost_note: null, return_instructions: null, own_item: null, ...extra }
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  // A thank-you page from the test before may still read its receipts (the chat's report).
  server.use(restGet('chats', []))
})

/** tag_status answering `status`, and what the page asked it (null until asked). */
function tagStatusAsked(status: Parameters<typeof tagAnswer>[0]) {
  const seen: { body: unknown } = { body: null }
  const handler = http.post('*/rest/v1/rpc/tag_status', async ({ request }) => {
    seen.body = await request.json()
    return HttpResponse.json(tagAnswer(status))
  })
  return { handler, asked: () => seen.body }
}

describe('/tag', () => {
  it('opened from a tag link, is the finder’s form at once, and looks the code up (trimmed, uppercased)', async () => {
    const tagStatus = tagStatusAsked('activated')
    const { router, store } = renderApp({
      url: '/tag?tagId=%20hw7k3m9qpx%20',
      handlers: [tagStatus.handler],
    })
    expect(await screen.findByRole('button', { name: 'Inform the Owner' })).toBeInTheDocument()
    expect(screen.getByLabelText('NAME')).toBeInTheDocument()
    expect(screen.queryByLabelText('TAG ID')).toBeNull()
    await waitFor(() => expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
    expect(tagStatus.asked()).toEqual({ code: 'HW7K3M9QPX' })
    // No navigation stands between the tap and typing.
    expect(router.state.location.pathname).toBe('/tag')
  })

  it('a code typed in leads to /found/reunite, whose form holds the tag', async () => {
    const { user, router, store } = renderApp({
      url: '/tag',
      handlers: [rpc('tag_status', tagAnswer('activated'))],
    })
    await user.type(await screen.findByLabelText('TAG ID'), 'hw7k3m9qpx')
    await user.click(screen.getByRole('button', { name: 'Find the owner' }))
    await expectPath(router, '/found/reunite')
    expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX')
    expect(await screen.findByText('This report is for tag HW7K3M9QPX.')).toBeInTheDocument()
  })

  it("a link to an unknown tag says 'Tag not found' in place of the form", async () => {
    renderApp({
      url: '/tag?tagId=NOSUCHTAG',
      handlers: [rpc('tag_status', tagAnswer('not_found'))],
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag not found')
    expect(screen.getByLabelText('TAG ID')).toHaveValue('NOSUCHTAG')
    expect(screen.queryByRole('button', { name: 'Inform the Owner' })).toBeNull()
  })

  it('drops control characters from the code (a NUL the database would refuse)', async () => {
    const tagStatus = tagStatusAsked('activated')
    const { store } = renderApp({
      url: '/tag?tagId=%00hw7k3m9qpx%01',
      handlers: [tagStatus.handler],
    })
    await waitFor(() => expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
    expect(tagStatus.asked()).toEqual({ code: 'HW7K3M9QPX' })
  })

  it('reads a code written with dashes and spaces as the database does (HW7K-3M9Q)', async () => {
    const tagStatus = tagStatusAsked('activated')
    const { store } = renderApp({
      url: '/tag?tagId=hw7k-3m9q%20px',
      handlers: [tagStatus.handler],
    })
    await waitFor(() => expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
    expect(tagStatus.asked()).toEqual({ code: 'HW7K3M9QPX' })
  })

  it('a link whose code is only control characters opens the empty form, looking nothing up', async () => {
    const tagStatus = tagStatusAsked('not_found')
    renderApp({ url: '/tag?tagId=%00%01', handlers: [tagStatus.handler] })
    expect(await screen.findByLabelText('TAG ID')).toHaveValue('')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(tagStatus.asked()).toBeNull()
  })

  it('sends an unclaimed tag to login with the route after login set to /activeTag', async () => {
    const { router, store } = renderApp({
      url: '/tag?tagId=HWUNCLAIMED',
      handlers: [rpc('tag_status', tagAnswer('unclaimed'))],
    })
    await expectPath(router, '/login')
    expect(store.get(unregisteredTagAtom)).toBe('HWUNCLAIMED')
    expect(store.get(routeAfterLoginAtom)).toBe('/activeTag')
  })

  it("says 'Tag not found' for an unknown code typed in", async () => {
    const { user, router } = renderApp({
      url: '/tag',
      handlers: [rpc('tag_status', tagAnswer('not_found'))],
    })
    await user.type(await screen.findByLabelText('TAG ID'), 'hwnope')
    await user.click(screen.getByRole('button', { name: 'Find the owner' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag not found')
    expect(router.state.location.pathname).toBe('/tag')
  })

  it('a failed answer asks to try again, never Tag not found', async () => {
    renderApp({
      url: '/tag?tagId=HW7K3M9QPX',
      handlers: [rpc('tag_status', { message: 'boom' }, 500)],
    })
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Please check your connection and try again.')
    expect(alert).not.toHaveTextContent('Tag not found')
    expect(screen.queryByRole('button', { name: 'Write your report' })).toBeNull()
  })

  it('explains scanning when the browser has no Web NFC, and links to /how-to-scan', async () => {
    const { user } = renderApp({ url: '/tag' })
    await user.click(await screen.findByRole('button', { name: 'Scan' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'opens this page by itself, or type the code',
    )
    expect(screen.getByRole('link', { name: 'How to scan a tag' })).toHaveAttribute(
      'href',
      '/how-to-scan',
    )
  })
})

const anonymous = fakeUser({ id: 'f1', email: '', is_anonymous: true })

/** A real, easy challenge: SHA-256 of the salt followed by 7. */
async function powChallenge() {
  const salt = 'abcdef?expires=9999999999'
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}7`))
  const challenge = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
  return {
    algorithm: 'SHA-256',
    challenge: challenge.join(''),
    maxNumber: 1000,
    salt,
    signature: 'f'.repeat(64),
  }
}

function finderHandlers() {
  return [
    http.post('*/functions/v1/pow-challenge', async () => HttpResponse.json(await powChallenge())),
    http.post('*/auth/v1/signup', () => HttpResponse.json(fakeSession(anonymous))),
    http.get('*/auth/v1/user', () => HttpResponse.json(anonymous)),
    restGet('profiles', []),
    restGet('items', []),
  ]
}

/** The finder's way in: an activated tag looked up on /tag. */
/** The finder's form from a tag's link, once the tag's answer is in. */
async function startAtReunite(handlers: RequestHandler[], answer = tagAnswer('activated')) {
  const app = renderApp({
    url: '/tag?tagId=HW7K3M9QPX',
    handlers: [rpc('tag_status', answer), ...handlers],
  })
  await waitFor(() => expect(app.store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
  return app
}

async function fillForm(user: AppUser, email: string) {
  await user.type(await screen.findByLabelText('NAME'), 'Ada')
  if (email) await user.type(screen.getByLabelText('EMAIL'), email)
  await user.type(screen.getByLabelText('PHONE NUMBER'), '07700900999')
  await user.type(screen.getByLabelText('ADDRESS'), '1 High St')
  await user.type(screen.getByLabelText('WHERE YOU FOUND THE ITEM'), 'On the train')
  await user.click(screen.getByRole('button', { name: 'Inform the Owner' }))
}

describe('/found/reunite', () => {
  it('without a held tag redirects to /tag', async () => {
    const { router } = renderApp({ url: '/found/reunite' })
    await expectPath(router, '/tag')
  })

  it('states when the finder’s details are deleted, and links to the privacy notice beside the fields', async () => {
    await startAtReunite([])
    const notice = await screen.findByText(
      /Your details are deleted 7 days after the owner marks the item found, or 30 days after your report if they do not\./,
    )
    expect(within(notice).getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
      'href',
      '/privacy',
    )
    expect(within(notice).getByRole('link', { name: 'terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    )
  })

  it("refuses a short or malformed e-mail with 'Invalid email' and calls nothing", async () => {
    const { user } = await startAtReunite([])
    await fillForm(user, 'a@b')
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email')
    // React resets a form after its action: every field still holds what was typed.
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
    expect(screen.getByLabelText('EMAIL')).toHaveValue('a@b')
    expect(screen.getByLabelText('WHERE YOU FOUND THE ITEM')).toHaveValue('On the train')
  })

  it('signs in anonymously, reports with a submission key, and shows the chat link on the thank-you page', async () => {
    let sent: Record<string, unknown> = {}
    let authorization: string | null = null
    const chatReads = { count: 0 }
    server.use(...ownerRealtime())
    const { user, router, store } = await startAtReunite([
      ...finderHandlers(),
      http.get('*/rest/v1/chats', () => {
        chatReads.count += 1
        return HttpResponse.json(null)
      }),
      http.post('*/functions/v1/report-found', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>
        authorization = request.headers.get('authorization')
        return HttpResponse.json({ reportId: 'r1', chatId: 'c1', chatUrl: CHAT_URL })
      }),
    ])
    await fillForm(user, 'ada@example.com')
    await expectPath(router, '/found/thank-you')
    expect(sent).toEqual({
      tagCode: 'HW7K3M9QPX',
      name: 'Ada',
      email: 'ada@example.com',
      phone: '07700900999',
      address: '1 High St',
      foundLocation: 'On the train',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      proof: { ...(await powChallenge()), number: 7 },
      language: 'en',
    })
    expect(authorization).toMatch(/^Bearer /)
    expect(store.get(lastReportAtom)).toEqual({ chatId: 'c1', chatUrl: CHAT_URL })
    expect(
      await screen.findByRole('link', { name: 'Open the chat with the owner' }),
    ).toHaveAttribute('href', CHAT_URL)
    expect(screen.getByRole('link', { name: 'Protect Your Items' })).toHaveAttribute(
      'href',
      '/register',
    )
    // The receipts' first read of the chat is answered before this test ends.
    await waitFor(() => expect(chatReads.count).toBeGreaterThan(0))
  })

  it('"Share where I found it" asks for the location only when pressed, and stores it with the report', async () => {
    let asked = 0
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (position: { coords: object }) => void) => {
          asked += 1
          ok({ coords: { latitude: 51.50735, longitude: -0.12776, accuracy: 25 } })
        },
      },
    })
    const shared: unknown[] = []
    server.use(...ownerRealtime())
    try {
      const { user, router } = await startAtReunite([
        ...finderHandlers(),
        http.get('*/rest/v1/chats', () => HttpResponse.json(null)),
        http.post('*/functions/v1/report-found', () =>
          HttpResponse.json({ reportId: 'r1', chatId: 'c1', chatUrl: CHAT_URL }),
        ),
        http.post('*/rest/v1/rpc/share_found_location', async ({ request }) => {
          shared.push(await request.json())
          return new HttpResponse(null, { status: 204 })
        }),
      ])
      await screen.findByLabelText('NAME')
      expect(asked).toBe(0)
      await user.click(screen.getByRole('button', { name: 'Share where I found it' }))
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Location added: 51.50735, -0.12776 (within about 25 m)',
      )
      await fillForm(user, 'ada@example.com')
      await expectPath(router, '/found/thank-you')
      expect(asked).toBe(1)
      expect(shared).toEqual([
        { chat_id: 'c1', latitude: 51.50735, longitude: -0.12776, accuracy_m: 25 },
      ])
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation')
    }
  })

  it('explains a refused location in plain words, and the report can still be sent without it', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (_ok: unknown, fail: (error: { code: number }) => void) =>
          fail({ code: 1 }),
      },
    })
    try {
      const { user } = await startAtReunite([])
      await user.click(await screen.findByRole('button', { name: 'Share where I found it' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Location was not shared: your browser or phone refused it.',
      )
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation')
    }
  })

  it('a retry after an error sends the same submission key; changing a detail makes a new one', async () => {
    const keys: unknown[] = []
    server.use(...ownerRealtime())
    let fail = true
    const { user, router } = await startAtReunite([
      ...finderHandlers(),
      http.post('*/functions/v1/report-found', async ({ request }) => {
        keys.push(((await request.json()) as { idempotencyKey?: unknown }).idempotencyKey)
        if (fail) return HttpResponse.json({ error: { code: 'x', message: 'x' } }, { status: 500 })
        return HttpResponse.json({ reportId: 'r1', chatId: 'c1', chatUrl: CHAT_URL })
      }),
    ])
    await fillForm(user, 'ada@example.com')
    await screen.findByRole('alert')
    await user.click(screen.getByRole('button', { name: 'Inform the Owner' }))
    await waitFor(() => expect(keys).toHaveLength(2))
    expect(keys[1]).toBe(keys[0])
    await user.type(screen.getByLabelText('NAME'), 'x')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Inform the Owner' }))
    await expectPath(router, '/found/thank-you')
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(keys[0])
  })

  it("shows the function's too-many-reports message on 429", async () => {
    const { user, router } = await startAtReunite([
      ...finderHandlers(),
      fnError(
        'report-found',
        'too_many_reports',
        'You have sent several reports in a short time. Please try again later.',
        429,
      ),
    ])
    await fillForm(user, 'ada@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several reports in a short time. Please try again later.',
    )
    expect(router.state.location.pathname).toBe('/tag')
  })

  it('shows the words of a 429 from the bot check, and sends no report', async () => {
    let reports = 0
    const { user, router } = await startAtReunite([
      fnError(
        'pow-challenge',
        'too_many_requests',
        'You have sent several reports in a short time. Please try again later.',
        429,
      ),
      ...finderHandlers(),
      http.post('*/functions/v1/report-found', () => {
        reports += 1
        return HttpResponse.json({ error: { code: 'x', message: 'x' } }, { status: 500 })
      }),
    ])
    await fillForm(user, 'ada@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several reports in a short time. Please try again later.',
    )
    expect(router.state.location.pathname).toBe('/tag')
    expect(reports).toBe(0)
  })

  it('a failed call keeps the form and asks to try again', async () => {
    const { user } = await startAtReunite([
      ...finderHandlers(),
      fn('report-found', { error: { code: 'x', message: 'x' } }, 500),
    ])
    await fillForm(user, 'ada@example.com')
    // A 500 is our side's failure, not the finder's connection.
    expect(await screen.findByRole('alert')).toHaveTextContent(english(REPORT_MESSAGES.serverError))
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
  })
})

const NOTE = 'Reward offered'
const INSTRUCTIONS = 'You can hand it in at the Bath Spa station ticket office'

describe('lost mode on the finder pages', () => {
  it('shows the owner’s note above the reunite form while the item is LOST', async () => {
    await startAtReunite(
      [],
      tagAnswer('activated', { lost_note: NOTE, return_instructions: INSTRUCTIONS }),
    )
    const name = await screen.findByLabelText('NAME')
    const note = screen.getByRole('region', { name: 'A note from the owner' })
    expect(note).toHaveTextContent(NOTE)
    expect(note).toHaveTextContent(`How to return it: ${INSTRUCTIONS}`)
    // Above the form: the note comes before the first field in the page.
    expect(note.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows the owner’s photo of a LOST item through a signed URL, with or without a note', async () => {
    const PATH = 'c0ffee00-0000-4000-8000-000000000001/0f0e0d0c-0b0a-4908-8706-050403020100.jpg'
    const asked: string[] = []
    await startAtReunite(
      [
        http.post('*/rest/v1/rpc/lost_item_photo', async ({ request }) => {
          asked.push(((await request.json()) as { tag_code: string }).tag_code)
          return HttpResponse.json(PATH)
        }),
        http.post('*/storage/v1/object/sign/item-photos/*', ({ request }) => {
          const path = new URL(request.url).pathname.replace(/^.*\/object\/sign\/item-photos\//, '')
          return HttpResponse.json({ signedURL: `/object/sign/item-photos/${path}?token=t` })
        }),
      ],
      tagAnswer('activated', { lost_photo: true }),
    )
    const photo = await screen.findByRole('img', { name: 'The owner’s photo of the item' })
    expect(photo.getAttribute('src')).toContain(
      `/storage/v1/object/sign/item-photos/${PATH}?token=t`,
    )
    expect(asked).toEqual(['HW7K3M9QPX'])
    expect(screen.queryByRole('region', { name: 'A note from the owner' })).toBeNull()
  })

  it('shows no note once the item is FOUND, even after a LOST lookup in the same tab', async () => {
    const lost = await startAtReunite([], tagAnswer('activated', { lost_note: NOTE }))
    expect(await screen.findByText(NOTE)).toBeInTheDocument()
    lost.unmount()
    await startAtReunite([], tagAnswer('activated'))
    expect(await screen.findByLabelText('NAME')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'A note from the owner' })).toBeNull()
    expect(screen.queryByText(NOTE)).toBeNull()
  })

  it('keeps the note on /tag while the same code is looked up again', async () => {
    sessionStorage.setItem(
      'homeward.heldLostNote',
      JSON.stringify({ code: 'HW7K3M9QPX', note: NOTE, returnInstructions: null }),
    )
    const { user } = renderApp({
      url: '/tag',
      handlers: [rpc('tag_status', tagAnswer('not_found'))],
    })
    const input = await screen.findByLabelText('TAG ID')
    expect(screen.queryByText(NOTE)).toBeNull()
    await user.type(input, 'hw7k3m9qpx')
    expect(screen.getByRole('region', { name: 'A note from the owner' })).toHaveTextContent(NOTE)
    // A lookup that no longer finds the item drops the note.
    await user.click(screen.getByRole('button', { name: 'Find the owner' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag not found')
    expect(screen.queryByText(NOTE)).toBeNull()
  })

  it('says in two lines what happens, and that nobody will ask for payment or codes', async () => {
    await startAtReunite([])
    expect(
      await screen.findByText('No app or account needed: the owner is told by text and e-mail.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Nobody will ask you for payment or codes.')).toBeInTheDocument()
  })
})

describe('the owner’s test scan', () => {
  const owner = fakeUser()
  const keys = {
    id: 'item-1',
    tag_id: 'tag-1',
    tag_code: 'HW7K3M9QPX',
    owner_id: owner.id,
    name: 'Keys',
    status: null,
    found_by: null,
    created_at: '2026-02-01T09:00:00Z',
    status_changed_at: null,
    lost_note: null,
    return_instructions: null,
  }

  /** Answers like the database: own_item only when the bearer token is the owner's. */
  function tagStatusForCaller(
    seen: { subs: (string | null)[] },
    lost: { lost_note: string | null; return_instructions: string | null } | null = null,
  ) {
    return http.post('*/rest/v1/rpc/tag_status', ({ request }) => {
      const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '')
      const payload = token.split('.')[1] ?? ''
      let sub: string | null = null
      try {
        sub =
          (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string })
            .sub ?? null
      } catch {
        sub = null
      }
      seen.subs.push(sub)
      return HttpResponse.json(
        tagAnswer('activated', {
          ...lost,
          own_item:
            sub === owner.id
              ? { id: keys.id, name: keys.name, status: lost ? 'LOST' : null }
              : null,
        }),
      )
    })
  }

  it('tells the signed-in owner the tag works, links to edit it, and reports nothing', async () => {
    const seen = { subs: [] as (string | null)[] }
    let reports = 0
    const { router, store } = renderApp({
      url: '/tag?tagId=HW7K3M9QPX',
      session: { user: owner, items: [keys] },
      handlers: [
        tagStatusForCaller(seen),
        http.post('*/functions/v1/report-found', () => {
          reports += 1
          return HttpResponse.json({ chatId: 'c1', chatUrl: CHAT_URL })
        }),
      ],
    })
    expect(await screen.findByText('This is your tag Keys: it works.')).toBeInTheDocument()
    expect(seen.subs).toEqual([owner.id])
    // Its own title, not the finder's 'Found a tag?'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Test scan' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Found a tag?' })).toBeNull()
    await waitFor(() => expect(store.get(stateAtom).currentFormTitle).toBe('Test scan'))
    // What a finder would see now: the form alone, since the item is not LOST.
    const preview = screen.getByRole('region', { name: 'What a finder sees' })
    expect(preview).toHaveTextContent(
      'Your item is not marked LOST, so a finder sees only the form to tell you where it is.',
    )
    expect(preview).toHaveTextContent('A finder never sees your name or contact details.')
    expect(within(preview).queryByRole('region', { name: 'A note from the owner' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Edit Keys' })).toHaveAttribute(
      'href',
      '/editTag?itemId=item-1',
    )
    expect(screen.getByRole('link', { name: 'Your items' })).toHaveAttribute('href', '/dashboard')
    expect(router.state.location.pathname).toBe('/tag')
    expect(store.get(heldTagAtom)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Inform the Owner' })).toBeNull()
    expect(reports).toBe(0)
  })

  it('previews the note and return instructions a finder sees while the item is LOST', async () => {
    const seen = { subs: [] as (string | null)[] }
    // The dashboard it leaves for listens for reports.
    server.use(...ownerRealtime())
    const { router, user } = renderApp({
      url: '/tag?tagId=HW7K3M9QPX',
      session: { user: owner, items: [{ ...keys, status: 'LOST' }] },
      handlers: [
        tagStatusForCaller(seen, { lost_note: NOTE, return_instructions: INSTRUCTIONS }),
        restGet('items', [{ ...keys, status: 'LOST' }]),
        // A signed-in account on /tag is asked whether it works for a desk (issue 50).
        rpc('my_desk', []),
      ],
    })
    const preview = await screen.findByRole('region', { name: 'What a finder sees' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Test scan' })).toBeInTheDocument()
    expect(preview).toHaveTextContent(
      'Your item is marked LOST, so a finder sees this above the form:',
    )
    const note = within(preview).getByRole('region', { name: 'A note from the owner' })
    expect(note).toHaveTextContent(NOTE)
    expect(note).toHaveTextContent(`How to return it: ${INSTRUCTIONS}`)
    // Leaving the test scan gives the header back to the next page's title.
    await user.click(screen.getByRole('link', { name: 'Your items' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 10_000 }),
    ).toBeInTheDocument()
  })

  it('a signed-out visitor scanning the same tag is sent to the finder form', async () => {
    const seen = { subs: [] as (string | null)[] }
    const { store } = renderApp({
      url: '/tag?tagId=HW7K3M9QPX',
      handlers: [tagStatusForCaller(seen)],
    })
    expect(await screen.findByRole('button', { name: 'Inform the Owner' })).toBeInTheDocument()
    await waitFor(() => expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
    expect(seen.subs).not.toContain(owner.id)
    expect(screen.queryByText(/This is your tag/)).toBeNull()
  })
})

describe('a report written with no connection', () => {
  const saved = () =>
    JSON.parse(localStorage.getItem(PENDING_REPORT_KEY) ?? 'null') as PendingReport | null
  const ADA = {
    tagCode: 'HW7K3M9QPX',
    name: 'Ada',
    email: 'ada@example.com',
    phone: '07700900999',
    address: '1 High St',
    foundLocation: 'On the train',
  }
  const sent = () => HttpResponse.json({ reportId: 'r1', chatId: 'c1', chatUrl: CHAT_URL })

  /** The browser's navigator.onLine; going back online fires `online` as browsers do. */
  function setOnline(isOnline: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline)
    if (isOnline) window.dispatchEvent(new Event('online'))
  }

  /** The finder's calls, with report-found answered by `answer` (each body and challenge counted). */
  function finderBackend(answer: () => Response | Promise<Response>) {
    const calls = { reports: [] as Record<string, unknown>[], challenges: 0 }
    // msw answers with the first matching handler: these come before finderHandlers'.
    const handlers = [
      http.post('*/functions/v1/pow-challenge', async () => {
        calls.challenges += 1
        return HttpResponse.json(await powChallenge())
      }),
      http.post('*/functions/v1/report-found', async ({ request }) => {
        calls.reports.push((await request.json()) as Record<string, unknown>)
        return answer()
      }),
      ...finderHandlers(),
    ]
    return { calls, handlers }
  }

  /** A report saved on this phone by an earlier visit (e.g. a tab since closed). */
  function savedEarlier(key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90') {
    const pending: PendingReport = { key, report: ADA, savedAt: Date.now() - 60_000 }
    localStorage.setItem(PENDING_REPORT_KEY, JSON.stringify(pending))
    return pending
  }

  beforeEach(() => {
    server.use(...ownerRealtime())
    return () => {
      vi.restoreAllMocks()
      vi.useRealTimers()
    }
  })

  it('offline, keeps the report on the phone, says so, and sends it once when the connection returns', async () => {
    const { calls, handlers } = finderBackend(sent)
    const { user, router, store } = await startAtReunite(handlers)
    setOnline(false)
    await fillForm(user, 'ada@example.com')
    await showsText(english(PENDING_OFFLINE_TEXT))
    const pending = saved()
    expect(pending).toEqual({
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
      savedAt: expect.any(Number),
      report: ADA,
    })
    // What waits is shown as it will be sent, and cannot be changed meanwhile.
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
    expect(screen.getByLabelText('NAME')).toHaveAttribute('readonly')
    expect(calls.reports).toHaveLength(0)

    setOnline(true)
    await expectPath(router, '/found/thank-you')
    expect(calls.reports).toEqual([
      {
        ...ADA,
        idempotencyKey: pending?.key,
        proof: { ...(await powChallenge()), number: 7 },
        language: 'en',
      },
    ])
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
    expect(store.get(lastReportAtom)).toEqual({ chatId: 'c1', chatUrl: CHAT_URL })
  })

  it('after a network error retries with the same key and a fresh proof each time, and sends once', async () => {
    let isReachable = false
    const { calls, handlers } = finderBackend(() => (isReachable ? sent() : HttpResponse.error()))
    const { user, router } = await startAtReunite(handlers)
    await fillForm(user, 'ada@example.com')
    // The browser says it is online: not called being offline.
    await showsText(english(PENDING_UNREACHABLE_TEXT))
    expect(screen.queryByText(english(PENDING_OFFLINE_TEXT))).toBeNull()
    // The request that got no answer was sent once more at once (reportFound), then kept.
    expect(calls.reports).toHaveLength(2)
    const key = saved()?.key
    isReachable = true
    // The connection returns: two `online` events in a row still make one attempt.
    window.dispatchEvent(new Event('online'))
    window.dispatchEvent(new Event('online'))
    await expectPath(router, '/found/thank-you')
    expect(calls.reports).toHaveLength(3)
    expect(new Set(calls.reports.map((body) => body.idempotencyKey))).toEqual(new Set([key]))
    expect(calls.challenges).toBe(3)
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
  })

  /** Lets (fake) time pass, 5 s at a time, until the sender has given up (at most 5 min). */
  async function untilStopped() {
    for (let waited = 0; waited < 300_000; waited += 5_000) {
      if (screen.queryByText(english(PENDING_STOPPED_TEXT))) return
      await vi.advanceTimersByTimeAsync(5_000)
    }
    await showsText(english(PENDING_STOPPED_TEXT))
  }

  it('online but unanswered: tries a few times without calling it offline, then stops, keeps the report and sends it on Try again', async () => {
    let isReachable = false
    const { calls, handlers } = finderBackend(() => (isReachable ? sent() : HttpResponse.error()))
    const { user, router } = await startAtReunite(handlers)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    await fillForm(user, 'ada@example.com')
    await showsText(english(PENDING_UNREACHABLE_TEXT))
    expect(screen.getByRole('button', { name: /Trying again/ })).toBeInTheDocument()
    // 10 s, 20 s and 40 s later it tries again (two requests per try), then stops.
    await untilStopped()
    expect(calls.reports).toHaveLength(8)
    await vi.advanceTimersByTimeAsync(600_000)
    expect(calls.reports).toHaveLength(8)
    expect(screen.queryByText(english(PENDING_OFFLINE_TEXT))).toBeNull()
    expect(screen.queryByText('Waiting for the connection…')).toBeNull()
    // Nothing typed is lost, on the page and on the phone.
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
    expect(saved()?.report).toEqual(ADA)
    vi.useRealTimers()
    isReachable = true
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await expectPath(router, '/found/thank-you')
    expect(new Set(calls.reports.map((body) => body.idempotencyKey)).size).toBe(1)
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
  })

  it('stopped on another page, says so there with Try again', async () => {
    savedEarlier()
    let isReachable = false
    const { handlers } = finderBackend(() => (isReachable ? sent() : HttpResponse.error()))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const { user, router } = renderApp({ url: '/how-to-scan', handlers })
    await showsText(english(PENDING_UNREACHABLE_TEXT))
    await untilStopped()
    vi.useRealTimers()
    isReachable = true
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await expectPath(router, '/found/thank-you')
  })

  it('an error on our side is called so (not the finder’s connection), and the details stay to send again', async () => {
    const { calls, handlers } = finderBackend(() =>
      HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
    )
    const { user } = await startAtReunite(handlers)
    await fillForm(user, 'ada@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent(english(REPORT_MESSAGES.serverError))
    expect(screen.queryByText(/check your connection/)).toBeNull()
    expect(screen.queryByText(english(PENDING_OFFLINE_TEXT))).toBeNull()
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
    expect(screen.getByLabelText('NAME')).not.toHaveAttribute('readonly')
    expect(calls.reports).toHaveLength(1)
  })

  it('says it is offline after 10 s without a reply, and lands on thank-you when the answer comes', async () => {
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { calls, handlers } = finderBackend(async () => {
      await answered
      return sent()
    })
    const { user, router } = await startAtReunite(handlers)
    // Time is faked from here (and still runs on its own); the 10 s are skipped below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    await fillForm(user, 'ada@example.com')
    await waitFor(() => expect(calls.reports).toHaveLength(1))
    expect(screen.queryByText(english(PENDING_OFFLINE_TEXT))).toBeNull()
    expect(saved()?.report).toEqual(ADA)
    await vi.advanceTimersByTimeAsync(10_000)
    await showsText(english(PENDING_OFFLINE_TEXT))
    vi.useRealTimers()
    answer()
    await expectPath(router, '/found/thank-you')
    expect(calls.reports).toHaveLength(1)
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
  })

  it('a refusal after reconnecting is shown in the product’s words, and the report is not sent again', async () => {
    const { calls, handlers } = finderBackend(() =>
      HttpResponse.json({ error: { code: 'tag_not_found', message: 'x' } }, { status: 404 }),
    )
    const { user, router } = await startAtReunite(handlers)
    setOnline(false)
    await fillForm(user, 'ada@example.com')
    await showsText(english(PENDING_OFFLINE_TEXT))
    setOnline(true)
    expect(await screen.findByRole('alert')).toHaveTextContent('Tag not found')
    expect(screen.getByRole('link', { name: 'Enter the tag code again' })).toHaveAttribute(
      'href',
      '/tag',
    )
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
    // The details are back in the form, to correct.
    expect(screen.getByLabelText('NAME')).toHaveValue('Ada')
    expect(screen.getByLabelText('NAME')).not.toHaveAttribute('readonly')
    window.dispatchEvent(new Event('online'))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(calls.reports).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/tag')
  })

  it('reopening any finder page later sends the saved report and lands on thank-you', async () => {
    const pending = savedEarlier()
    const { calls, handlers } = finderBackend(sent)
    const { router } = renderApp({ url: '/found', handlers })
    await expectPath(router, '/found/thank-you')
    expect(calls.reports).toEqual([
      {
        ...ADA,
        idempotencyKey: pending.key,
        proof: { ...(await powChallenge()), number: 7 },
        language: 'en',
      },
    ])
    expect(localStorage.getItem(PENDING_REPORT_KEY)).toBeNull()
  })

  it('reopened offline, /found/reunite shows the saved report waiting (no tag held in this tab)', async () => {
    savedEarlier()
    setOnline(false)
    const { router } = renderApp({ url: '/found/reunite' })
    await showsText(english(PENDING_OFFLINE_TEXT))
    expect(screen.getAllByText(english(PENDING_OFFLINE_TEXT))).toHaveLength(1)
    expect(screen.getByText('This report is for tag HW7K3M9QPX.'))
    expect(screen.getByLabelText('EMAIL')).toHaveValue('ada@example.com')
    expect(router.state.location.pathname).toBe('/found/reunite')
  })

  it('a saved report refused on another page says so there, with the way back to it', async () => {
    savedEarlier()
    const { handlers } = finderBackend(() =>
      HttpResponse.json(
        { error: { code: 'too_many_reports', message: 'Too many reports for this tag.' } },
        { status: 429 },
      ),
    )
    const { user, router } = renderApp({ url: '/how-to-scan', handlers })
    // The code, not the server's words, chooses the message the finder reads.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your report could not be sent: ${english('error.tooManyReports')}`,
    )
    await user.click(screen.getByRole('link', { name: 'Back to your report' }))
    await expectPath(router, '/found/reunite')
    // The form (a lazy page) shows the message under the details, no longer above the page.
    expect(await screen.findByLabelText('NAME')).toHaveValue('Ada')
    expect(screen.getByRole('alert')).toHaveTextContent(english('error.tooManyReports'))
    expect(screen.queryByText(/^Your report could not be sent/)).toBeNull()
  })

  it('two tabs with the same saved report: only one sends it', async () => {
    const held = new Set<string>()
    const locks = {
      request: async (
        name: string,
        _options: unknown,
        work: (lock: { name: string } | null) => Promise<unknown>,
      ) => {
        if (held.has(name)) return work(null)
        held.add(name)
        try {
          return await work({ name })
        } finally {
          held.delete(name)
        }
      },
    }
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
    try {
      savedEarlier()
      let answer: () => void = () => undefined
      const answered = new Promise<void>((resolve) => (answer = resolve))
      const { calls, handlers } = finderBackend(async () => {
        await answered
        return sent()
      })
      const first = renderApp({ url: '/found/reunite', handlers })
      await waitFor(() => expect(calls.reports).toHaveLength(1))
      const second = renderApp({ url: '/found/reunite' })
      await waitFor(() => expect(second.router.state.location.pathname).toBe('/found/reunite'))
      answer()
      await expectPath(first.router, '/found/thank-you')
      // The other tab tries again when the connection returns: nothing is left to send.
      window.dispatchEvent(new Event('online'))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(calls.reports).toHaveLength(1)
    } finally {
      Reflect.deleteProperty(navigator, 'locks')
    }
  })
})

describe('/tag with no connection', () => {
  afterEach(() => vi.restoreAllMocks())

  it('after 10 s without a reply says the tag cannot be checked, and a late answer still counts', async () => {
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    try {
      const { store } = renderApp({
        url: '/tag?tagId=HW7K3M9QPX',
        handlers: [
          http.post('*/rest/v1/rpc/tag_status', async () => {
            await answered
            return HttpResponse.json(tagAnswer('activated'))
          }),
        ],
      })
      await screen.findByLabelText('NAME')
      expect(screen.queryByText(english(TAG_MESSAGES.offline))).toBeNull()
      await vi.advanceTimersByTimeAsync(10_000)
      await showsText(english(TAG_MESSAGES.offline))
      answer()
      await waitFor(() => expect(store.get(heldTagAtom)).toBe('HW7K3M9QPX'))
      expect(screen.getByLabelText('NAME')).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('says the tag cannot be checked and lets the finder write the report anyway', async () => {
    const { user, router } = renderApp({
      url: '/tag?tagId=HW7K3M9QPX',
      handlers: [http.post('*/rest/v1/rpc/tag_status', () => HttpResponse.error())],
    })
    await showsText(english(TAG_MESSAGES.offline))
    expect(screen.queryByText('Tag not found')).toBeNull()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(router.state.location.pathname).toBe('/tag')
    await fillForm(user, 'ada@example.com')
    await showsText(english(PENDING_OFFLINE_TEXT))
    expect(
      (JSON.parse(localStorage.getItem(PENDING_REPORT_KEY) ?? '{}') as PendingReport).report
        .tagCode,
    ).toBe('HW7K3M9QPX')
  })
})
