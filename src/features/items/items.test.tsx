import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { stateAtom } from '@/lib/store'
import { ownerRealtime } from '@/testing/owner-realtime'
import { expectPath, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { checkPhoto, fakeUser } from '@/testing/supabase-handlers'
import {
  chosenFile,
  installBrowserImages,
  JPEG_BYTES,
  SVG_TEXT,
  type BrowserImages,
} from '@/testing/browser-images'
import { PHOTO_MESSAGES } from '@/lib/photos/photo-rules'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const connections = { count: 0 }
beforeEach(() => server.use(...ownerRealtime(connections)))

const owner = fakeUser()

function itemRow(id: string, name: string, code: string, status: string | null) {
  return {
    id,
    tag_id: `tag-${id}`,
    tag_code: code,
    owner_id: owner.id,
    name,
    status,
    found_by: null,
    created_at: '2026-02-01T09:00:00Z',
    status_changed_at: null,
    lost_note: null as string | null,
    return_instructions: null as string | null,
    photo_path: null as string | null,
  }
}

const keys = itemRow('item-1', 'Keys', 'HW7K3M9QPX', null)
const bag = itemRow('item-2', 'Blue rucksack', 'HWABCDEFGH', 'LOST')
const bike = itemRow('item-3', 'Bike', 'HW23456789', 'FOUND')

function card(name: string) {
  return screen.getByRole('link', { name: `Edit ${name}` })
}

describe('/dashboard', () => {
  it('greets the owner and lists the items with tag, name and LOST/FOUND badge', async () => {
    renderApp({ url: '/dashboard', session: { user: owner, items: [keys, bag, bike] } })
    expect(await screen.findByRole('heading', { name: 'Hello, Olivia Owner' })).toBeInTheDocument()
    expect(within(card('Keys')).getByText('HW7K3M9QPX')).toBeInTheDocument()
    expect(within(card('Keys')).getByText('FOUND')).toBeInTheDocument()
    expect(within(card('Blue rucksack')).getByText('HWABCDEFGH')).toBeInTheDocument()
    expect(within(card('Blue rucksack')).getByText('LOST')).toBeInTheDocument()
    expect(within(card('Bike')).getByText('FOUND')).toBeInTheDocument()
    expect(card('Blue rucksack')).toHaveAccessibleDescription('HWABCDEFGH LOST')
    // The live alerts' socket went to the test's fake, never to a running stack.
    await waitFor(() => expect(connections.count).toBeGreaterThan(0))
  })

  it('shows an empty status as FOUND in a neutral style, distinct from FOUND after LOST; LOST red', async () => {
    renderApp({ url: '/dashboard', session: { user: owner, items: [keys, bag, bike] } })
    const unmarked = within(await screen.findByRole('link', { name: 'Edit Keys' })).getByText(
      'FOUND',
    )
    const found = within(card('Bike')).getByText('FOUND')
    const lost = within(card('Blue rucksack')).getByText('LOST')
    expect(unmarked).toHaveAttribute('data-tone', 'unmarked')
    expect(found).toHaveAttribute('data-tone', 'found')
    expect(lost).toHaveAttribute('data-tone', 'lost')
    // Three different looks (Chakra's generated classes differ by palette and variant).
    const looks = new Set([unmarked.className, found.className, lost.className])
    expect(looks.size).toBe(3)
  })

  it('offers Activate a Tag and Account Settings', async () => {
    const { user, router } = renderApp({ url: '/dashboard', session: { user: owner } })
    expect(await screen.findByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'href',
      '/account',
    )
    await user.click(screen.getByRole('link', { name: 'Activate a Tag' }))
    await expectPath(router, '/activeTag')
  })

  it('redirects to /login when signed out', async () => {
    const { router } = renderApp({ url: '/dashboard' })
    await expectPath(router, '/login')
  })

  it('follows a stored route-after-login', async () => {
    sessionStorage.setItem('homeward.routeAfterLogin', JSON.stringify('/activeTag'))
    const { router, store } = renderApp({ url: '/dashboard', session: { user: owner } })
    await expectPath(router, '/activeTag')
    expect(store.get(routeAfterLoginAtom)).toBeNull()
  })

  it('opens the edit screen for the chosen card', async () => {
    const { user, router } = renderApp({ url: '/dashboard', session: { items: [keys, bag] } })
    await user.click(await screen.findByRole('link', { name: 'Edit Blue rucksack' }))
    await expectPath(router, '/editTag')
    expect(router.state.location.search).toBe('?itemId=item-2')
    expect(await screen.findByLabelText('ITEM NAME')).toHaveValue('Blue rucksack')
  })
})

describe('/editTag', () => {
  function patchItems(
    answer: 'ok' | 'fail' | 'note too long',
    seen: { body: unknown; id: string | null }[] = [],
    row = keys,
  ) {
    return http.patch('*/rest/v1/items', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      const id = new URL(request.url).searchParams.get('id')
      seen.push({ body, id })
      if (answer === 'fail') {
        return HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 })
      }
      if (answer === 'note too long') {
        // What the trigger function app_private.items_check_lost_note answers through PostgREST.
        return HttpResponse.json(
          { code: '22001', message: 'lost_note_too_long', details: '200', hint: null },
          { status: 400 },
        )
      }
      return HttpResponse.json({ ...row, ...body })
    })
  }

  it('shows the tag code read-only, renames and toggles LOST, then back to /dashboard', async () => {
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router, store } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys, bag] },
      handlers: [patchItems('ok', seen)],
    })
    const tag = await screen.findByLabelText('TAG')
    expect(tag).toHaveValue('HW7K3M9QPX')
    expect(tag).toHaveAttribute('readonly')
    expect(screen.getByRole('button', { name: 'FOUND' })).toHaveAttribute('aria-pressed', 'true')
    const name = screen.getByLabelText('ITEM NAME')
    await user.clear(name)
    await user.paste('House keys')
    await user.click(screen.getByRole('button', { name: 'LOST' }))
    expect(screen.getByRole('button', { name: 'LOST' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([{ id: 'eq.item-1', body: { name: 'House keys', status: 'LOST' } }])
    expect(store.get(stateAtom).items).toEqual([
      { ...keys, name: 'House keys', status: 'LOST' },
      bag,
    ])
    const renamed = await screen.findByRole('link', { name: 'Edit House keys' })
    expect(within(renamed).getByText('LOST')).toBeInTheDocument()
    // The dashboard says it was saved.
    expect(
      screen.getByText(/^✓ Your changes to House keys were saved\. It is marked LOST/),
    ).toHaveAttribute('role', 'status')
  })

  it('does not send an unchanged empty status (shown as FOUND)', async () => {
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys] },
      handlers: [patchItems('ok', seen)],
    })
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([{ id: 'eq.item-1', body: { name: 'Keys' } }])
  })

  it('marking LOST offers the note and return instructions, and saves them', async () => {
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router, store } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys] },
      handlers: [patchItems('ok', seen)],
    })
    await screen.findByLabelText('ITEM NAME')
    expect(screen.queryByLabelText('NOTE FOR THE FINDER')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'LOST' }))
    await user.type(screen.getByLabelText('NOTE FOR THE FINDER'), '  Reward offered ')
    await user.type(
      screen.getByLabelText('RETURN INSTRUCTIONS'),
      'You can hand it in at the Bath Spa station ticket office',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([
      {
        id: 'eq.item-1',
        body: {
          name: 'Keys',
          status: 'LOST',
          lost_note: 'Reward offered',
          return_instructions: 'You can hand it in at the Bath Spa station ticket office',
        },
      },
    ])
    expect(store.get(stateAtom).items?.[0]).toMatchObject({ lost_note: 'Reward offered' })
  })

  it('while LOST, lets the owner choose the ways back they accept, beside the note', async () => {
    const lost = { ...bag, return_options: ['hand_in', 'meet', 'post'] }
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router, store } = renderApp({
      url: '/editTag?itemId=item-2',
      session: { items: [lost] },
      handlers: [patchItems('ok', seen, lost)],
    })
    const meet = await screen.findByRole('checkbox', { name: 'Meet in a public place' })
    const post = screen.getByRole('checkbox', { name: "Post it back at the owner's cost" })
    expect(meet).toBeChecked()
    expect(post).toBeChecked()
    expect(
      screen.getByRole('checkbox', { name: /^Hand it in at a place the finder names/ }),
    ).toBeChecked()
    await user.click(meet)
    expect(meet).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([
      { id: 'eq.item-2', body: { name: 'Blue rucksack', return_options: ['hand_in', 'post'] } },
    ])
    expect(store.get(stateAtom).items?.[0]).toMatchObject({ return_options: ['hand_in', 'post'] })
  })

  it('shows a LOST item’s saved note, and marking it FOUND hides the fields and sends no note', async () => {
    const lostWithNote = { ...bag, lost_note: 'Reward offered', return_instructions: null }
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-2',
      session: { items: [lostWithNote] },
      handlers: [patchItems('ok', seen, lostWithNote)],
    })
    expect(await screen.findByLabelText('NOTE FOR THE FINDER')).toHaveValue('Reward offered')
    expect(screen.getByLabelText('RETURN INSTRUCTIONS')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'FOUND' }))
    expect(screen.queryByLabelText('NOTE FOR THE FINDER')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([{ id: 'eq.item-2', body: { name: 'Blue rucksack', status: 'FOUND' } }])
  })

  it('says how long the note may be, with the database’s limit', async () => {
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-2',
      session: { items: [bag] },
      handlers: [patchItems('note too long', [], bag)],
    })
    await user.type(await screen.findByLabelText('NOTE FOR THE FINDER'), 'A very long note')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please keep the note to 200 characters or fewer.',
    )
    expect(router.state.location.pathname).toBe('/editTag')
  })

  it('refuses an empty name', async () => {
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys] },
    })
    await user.clear(await screen.findByLabelText('ITEM NAME'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You must enter a tag name')
    expect(router.state.location.pathname).toBe('/editTag')
  })

  it('refuses a control character pasted into the name, and sends nothing', async () => {
    const seen: { body: unknown; id: string | null }[] = []
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys] },
      handlers: [patchItems('ok', seen)],
    })
    const name = await screen.findByLabelText('ITEM NAME')
    await user.clear(name)
    await user.paste('Keys\u0000')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some of what you typed contains characters we cannot accept. Please remove them.',
    )
    expect(seen).toEqual([])
    expect(router.state.location.pathname).toBe('/editTag')
  })

  it('says when the tag was not updated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, router } = renderApp({
      url: '/editTag?itemId=item-1',
      session: { items: [keys] },
      handlers: [patchItems('fail')],
    })
    await user.click(await screen.findByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your tag was not updated')
    expect(router.state.location.pathname).toBe('/editTag')
  })

  it('says something went wrong when the chosen tag’s data is missing', async () => {
    renderApp({ url: '/editTag?itemId=not-mine', session: { items: [keys] } })
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
  })

  it('goes back to /dashboard when no tag was chosen', async () => {
    const { router } = renderApp({ url: '/editTag', session: { items: [keys] } })
    await expectPath(router, '/dashboard')
  })

  it('redirects to /login when signed out', async () => {
    const { router } = renderApp({ url: '/editTag?itemId=item-1' })
    await expectPath(router, '/login')
  })
  describe('the item photo', () => {
    let images: BrowserImages
    let uploads: string[]
    let signs: string[]
    const PHOTO = /^item-1\/[0-9a-f-]{36}\.jpg$/
    const SAVED = 'item-1/0f0e0d0c-0b0a-4908-8706-050403020100.jpg'

    beforeEach(() => {
      images = installBrowserImages()
      uploads = []
      signs = []
      server.use(
        checkPhoto(({ bucket, name }) => {
          expect(bucket).toBe('item-photos')
          uploads.push(name)
        }),
        http.post('*/storage/v1/object/sign/item-photos/*', ({ request }) => {
          const path = new URL(request.url).pathname.replace(/^.*\/object\/sign\/item-photos\//, '')
          signs.push(path)
          return HttpResponse.json({ signedURL: `/object/sign/item-photos/${path}?token=t` })
        }),
      )
    })
    afterEach(() => images.restore())

    const photo = () => chosenFile(JPEG_BYTES, 'IMG_0001.JPG', 'image/jpeg')

    it("uploads a chosen photo into the item's folder and saves it with the item", async () => {
      const seen: { body: unknown; id: string | null }[] = []
      const { user, router, store } = renderApp({
        url: '/editTag?itemId=item-1',
        session: { items: [keys] },
        handlers: [patchItems('ok', seen)],
      })
      await user.upload(await screen.findByLabelText('Add a photo'), photo())
      await screen.findByText('Uploaded')
      expect(uploads).toHaveLength(1)
      expect(uploads[0]).toMatch(PHOTO)
      expect(seen).toEqual([])
      await user.click(screen.getByRole('button', { name: 'Save' }))
      await expectPath(router, '/dashboard')
      expect(seen).toEqual([{ id: 'eq.item-1', body: { name: 'Keys', photo_path: uploads[0] } }])
      expect(store.get(stateAtom).items?.[0]).toMatchObject({ photo_path: uploads[0] })
    })

    it('shows the saved photo through a signed URL; Remove takes it off on Save', async () => {
      const seen: { body: unknown; id: string | null }[] = []
      const { user, router } = renderApp({
        url: '/editTag?itemId=item-1',
        session: { items: [{ ...keys, photo_path: SAVED }] },
        handlers: [patchItems('ok', seen)],
      })
      const shown = await screen.findByRole('img', { name: 'Photo of Keys' })
      expect(shown.getAttribute('src')).toContain(`/object/sign/item-photos/${SAVED}?token=`)
      expect(signs).toEqual([SAVED])
      expect(screen.getByLabelText('Replace photo')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Remove photo' }))
      expect(screen.queryByRole('img', { name: 'Photo of Keys' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Save' }))
      await expectPath(router, '/dashboard')
      expect(seen).toEqual([{ id: 'eq.item-1', body: { name: 'Keys', photo_path: null } }])
    })

    it('refuses a file that is not a photo, and saves the item without touching its photo', async () => {
      const seen: { body: unknown; id: string | null }[] = []
      const { user, router } = renderApp({
        url: '/editTag?itemId=item-1',
        session: { items: [keys] },
        handlers: [patchItems('ok', seen)],
      })
      await user.upload(
        await screen.findByLabelText('Add a photo'),
        chosenFile(SVG_TEXT, 'keys.jpg', 'image/jpeg'),
      )
      expect(await screen.findByText(PHOTO_MESSAGES.notAnImage)).toBeInTheDocument()
      expect(uploads).toEqual([])
      await user.click(screen.getByRole('button', { name: 'Save' }))
      await expectPath(router, '/dashboard')
      expect(seen).toEqual([{ id: 'eq.item-1', body: { name: 'Keys' } }])
    })
  })
})
