import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { userAtom } from '@/lib/store'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeProfile, expectPath, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeUser, restGet } from '@/testing/supabase-handlers'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

// The dashboard's live alerts: a fake Realtime socket and no chats.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
// Account Settings lists the owner's devices (src/features/push): none here.
beforeEach(() => server.use(...ownerRealtime(), restGet('push_subscriptions', [])))

type AppUser = ReturnType<typeof renderApp>['user']

const owner = fakeUser()
const profile = fakeProfile(owner)

async function replace(user: AppUser, label: string, value: string) {
  const input = await screen.findByLabelText(label)
  await user.clear(input)
  if (value) await user.paste(value)
}

describe('/account', () => {
  it('is titled Account Settings and prefilled from the profile', async () => {
    const { store } = renderApp({ url: '/account', session: { user: owner } })
    expect(await screen.findByLabelText('FULL NAME')).toHaveValue('Olivia Owner')
    expect(screen.getByLabelText('D.O.B')).toHaveValue('1990-04-01')
    expect(screen.getByLabelText('ADDRESS')).toHaveValue('1 High Street, Cambridge')
    expect(screen.getByLabelText('COUNTY')).toHaveValue('Cambridgeshire')
    expect(screen.getByLabelText('COUNTRY')).toHaveValue('United Kingdom')
    expect(screen.getByLabelText('MOBILE NUMBER')).toHaveValue('07700900123')
    expect(store.get(userAtom).authed).toBe(true)
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument()
  })

  it('saves county and country as entered, updates the store and goes to /dashboard', async () => {
    const patches: { body: unknown; filter: string | null }[] = []
    const { user, router, store } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.patch('*/rest/v1/profiles', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>
          patches.push({ body, filter: new URL(request.url).searchParams.get('id') })
          return HttpResponse.json({ ...profile, ...body })
        }),
      ],
    })
    await replace(user, 'COUNTY', 'Greater London')
    await replace(user, 'COUNTRY', 'England')
    await replace(user, 'MOBILE NUMBER', '+44 7700 900456')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await expectPath(router, '/dashboard')
    expect(patches).toEqual([
      {
        filter: `eq.${owner.id}`,
        body: {
          full_name: 'Olivia Owner',
          dob: '1990-04-01',
          address: '1 High Street, Cambridge',
          county: 'Greater London',
          country: 'England',
          mobile_number: '+44 7700 900456',
        },
      },
    ])
    expect(store.get(userAtom).doc).toMatchObject({ county: 'Greater London', country: 'England' })
    // A short confirmation on the dashboard.
    expect(await screen.findByText(/Your settings were saved\./)).toHaveAttribute('role', 'status')
  })

  it('says nothing was saved on the dashboard when the owner only visits it', async () => {
    renderApp({ url: '/dashboard', session: { user: owner } })
    expect(await screen.findByRole('heading', { name: 'Hello, Olivia Owner' })).toBeInTheDocument()
    expect(screen.queryByText('Your settings were saved.')).toBeNull()
  })

  it.each([
    ['a missing field', 'ADDRESS', '', 'Please fill in all fields'],
    ['a missing mobile', 'MOBILE NUMBER', '', 'Please fill in all fields'],
    ['a non-UK mobile', 'MOBILE NUMBER', '+1 202 555 0143', 'Mobile is invalid. UK Number only.'],
    [
      'a mobile with letters',
      'MOBILE NUMBER',
      '07700 9OO 123',
      'Mobile is invalid. UK Number only.',
    ],
  ])('refuses %s with the product message', async (_case, label, value, message) => {
    const { user, router } = renderApp({ url: '/account', session: { user: owner } })
    await replace(user, label, value)
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(router.state.location.pathname).toBe('/account')
  })

  it('refuses a control character pasted into a field, and saves nothing', async () => {
    let isSaved = false
    const { user, router } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.patch('*/rest/v1/profiles', () => {
          isSaved = true
          return HttpResponse.json([profile])
        }),
      ],
    })
    await replace(user, 'ADDRESS', '2 Market\u0000 Square')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Some of what you typed contains characters we cannot accept. Please remove them.',
    )
    expect(isSaved).toBe(false)
    expect(router.state.location.pathname).toBe('/account')
  })

  it('says so when saving fails, keeping what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, router } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.patch('*/rest/v1/profiles', () =>
          HttpResponse.json({ code: '42501', message: 'permission denied' }, { status: 403 }),
        ),
      ],
    })
    await replace(user, 'ADDRESS', '2 Market Square')
    await user.click(screen.getByRole('button', { name: 'Save Settings' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your settings were not saved. Please try again.',
    )
    expect(screen.getByLabelText('ADDRESS')).toHaveValue('2 Market Square')
    expect(router.state.location.pathname).toBe('/account')
  })

  it('shows the login screen when signed out', async () => {
    const { router } = renderApp({ url: '/account' })
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument()
    expect(screen.queryByLabelText('FULL NAME')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/account')
  })

  it('goes to /dashboard without a profile holding an e-mail', async () => {
    const { router } = renderApp({
      url: '/account',
      session: { user: owner, profile: { ...profile, email: null } },
    })
    await expectPath(router, '/dashboard')
  })
})

describe('/account: your data', () => {
  it('Download my data saves a page a person can read: named sections, plain labels, photos inside, the JSON at its end', async () => {
    const document_ = {
      exported_at: '2026-11-28T10:00:00Z',
      profile: {
        id: owner.id,
        email: owner.email,
        full_name: 'Olivia <Owner>',
        mobile_number: '07700900123',
      },
      items: [{ id: 'item-1', name: 'Keys', status: 'LOST', photo_path: 'item-1/p.jpg' }],
      reports_about_your_items: [
        { finder_name: 'Ada', finder_email: 'ada@example.com', found_location: 'On the train' },
      ],
      reports_you_made: [],
      chats: [],
      messages: [{ body: 'Hello', sender_role: 'finder', photo_paths: ['c1/u1/q.jpg'] }],
      ways_back: [],
      alerts_sent_to_you: [],
      devices: [
        { browser: 'Chrome on Android', created_at: '2026-11-20T10:00:00Z', last_used_at: null },
      ],
      finders_you_blocked: [],
    }
    const files: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob)
      return 'blob:homeward-export'
    })
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const clicks: { href: string; download: string }[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download })
    })
    try {
      const { user } = renderApp({
        url: '/account',
        session: { user: owner },
        handlers: [
          http.post('*/rest/v1/rpc/export_my_data', () => HttpResponse.json(document_)),
          // The item's photo is fetched as the owner; the message's is gone.
          http.get('*/storage/v1/object/item-photos/item-1/p.jpg', () =>
            HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer, {
              headers: { 'Content-Type': 'image/jpeg' },
            }),
          ),
          http.get('*/storage/v1/object/chat-photos/c1/u1/q.jpg', () =>
            HttpResponse.json(
              { statusCode: '404', error: 'not_found', message: 'Object not found' },
              { status: 400 },
            ),
          ),
        ],
      })
      await user.click(await screen.findByRole('button', { name: 'Download my data' }))
      await waitFor(() => expect(clicks).toHaveLength(1))
      expect(clicks[0]?.download).toMatch(/^homeward-my-data-\d{4}-\d{2}-\d{2}\.html$/)
      expect(files[0]?.type).toBe('text/html')
      const page = new DOMParser().parseFromString(await files[0]!.text(), 'text/html')
      expect(page.querySelector('h1')?.textContent).toBe('Your Homeward data')
      const headings = [...page.querySelectorAll('h2')].map((heading) => heading.textContent)
      expect(headings).toEqual([
        'Your profile (1)',
        'Your items (1)',
        'Reports about your items (1)',
        'Reports you made as a finder (0)',
        'Your conversations (0)',
        'Messages (1)',
        'Ways back (0)',
        'Alerts we sent you (0)',
        'Devices with notifications (1)',
        'Finders you blocked (0)',
      ])
      const text = page.body.textContent ?? ''
      expect(text).toContain('Chrome on Android')
      expect(text).toContain('Full name')
      expect(text).toContain('Olivia <Owner>')
      expect(page.querySelector('script:not([type])')).toBeNull()
      expect(text).toContain("Finder's e-mail")
      expect(text).toContain('Where it was found')
      expect(page.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/)
      expect(text).toContain('A photo (c1/u1/q.jpg) that could not be included.')
      const json = page.getElementById('homeward-data')?.textContent ?? ''
      expect(JSON.parse(json)).toEqual(document_)
    } finally {
      click.mockRestore()
      vi.unstubAllGlobals()
    }
  })

  it('says so when the download fails', async () => {
    const { user } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.post('*/rest/v1/rpc/export_my_data', () =>
          HttpResponse.json({ message: 'boom' }, { status: 500 }),
        ),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Download my data' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your data could not be downloaded. Please try again.',
    )
  })

  it('Delete my account says exactly what happens, and deletes only once confirmed', async () => {
    const calls: string[] = []
    const { user, router } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.post('*/functions/v1/delete-account', ({ request }) => {
          calls.push(request.headers.get('authorization') ?? '')
          return HttpResponse.json({ deleted: true })
        }),
        http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    const confirmation = screen.getByRole('group', { name: 'Delete your account?' })
    for (const text of [
      'Your profile (name, e-mail, mobile number, date of birth and address) is deleted.',
      'Your tags stop working.',
      'Every open conversation is closed, and each finder is told.',
      'We send you one e-mail to confirm',
      'This cannot be undone.',
    ]) {
      expect(confirmation).toHaveTextContent(text)
    }
    await user.click(screen.getByRole('button', { name: 'Keep my account' }))
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }))
    await expectPath(router, '/')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatch(/^Bearer /)
    // The home page says what happened and what became of the owner's data.
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Your account has been deleted.')
    expect(status).toHaveTextContent('your tags no longer work')
    expect(status).toHaveTextContent('each finder you were talking with has been told')
    expect(
      screen.getByRole('heading', {
        name: 'Dedicated to making sure your lost items find a way back',
      }),
    ).toBeInTheDocument()
  })

  it('an account already deleted (a second tab: 404 account_not_found) signs this browser out too', async () => {
    const { user, router } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.post('*/functions/v1/delete-account', () =>
          HttpResponse.json(
            {
              error: {
                code: 'account_not_found',
                message: 'This account has already been deleted.',
              },
            },
            { status: 404 },
          ),
        ),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }))
    await expectPath(router, '/')
  })

  it('keeps the owner on the page with a message when the deletion fails', async () => {
    const { user, router } = renderApp({
      url: '/account',
      session: { user: owner },
      handlers: [
        http.post('*/functions/v1/delete-account', () =>
          HttpResponse.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }),
        ),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }))
    await user.click(screen.getByRole('button', { name: 'Delete my account for good' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account was not deleted. Please try again.',
    )
    expect(router.state.location.pathname).toBe('/account')
  })
})
