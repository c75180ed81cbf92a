import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { stateAtom } from '@/lib/store'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeProfile, expectPath, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import { fakeSession, fakeUser, fnError, restGet } from '@/testing/supabase-handlers'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

// The dashboard's live alerts: a fake Realtime socket and no chats.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
beforeEach(() => server.use(...ownerRealtime()))

type AppUser = ReturnType<typeof renderApp>['user']

const owner = fakeUser()

const newItem = {
  id: 'item-9',
  tag_id: 'tag-9',
  tag_code: 'HW7K3M9QPX',
  owner_id: owner.id,
  name: 'Keys',
  status: null,
  found_by: null,
  created_at: '2026-03-01T09:00:00Z',
  status_changed_at: null,
}

async function fill(user: AppUser, values: { tag?: string; code?: string; name?: string }) {
  const entries: [string, string | undefined][] = [
    ['TAG ID', values.tag],
    ['ACTIVATION CODE', values.code],
    ['NAME YOUR ITEM', values.name],
  ]
  for (const [label, value] of entries) {
    const input = await screen.findByLabelText(label)
    await user.clear(input)
    if (value) await user.paste(value)
  }
}

function activateFunction(seen: unknown[] = []) {
  return http.post('*/functions/v1/activate-tag', async ({ request }) => {
    seen.push({
      body: await request.json(),
      authorization: request.headers.get('authorization'),
    })
    return HttpResponse.json({ item: newItem })
  })
}

describe('/activeTag', () => {
  it('shows the login screen when signed out', async () => {
    const { router } = renderApp({ url: '/activeTag' })
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument()
    expect(screen.queryByLabelText('ACTIVATION CODE')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/activeTag')
  })

  it('has the three fields and the three buttons', async () => {
    const { user, router } = renderApp({ url: '/activeTag', session: true })
    expect(await screen.findByLabelText('TAG ID')).toHaveValue('')
    expect(screen.getByLabelText('ACTIVATION CODE')).toBeInTheDocument()
    expect(screen.getByLabelText('NAME YOUR ITEM')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Scan Your Tag' })).toHaveAttribute('href', '/tag')
    await user.click(screen.getByRole('link', { name: "I'm stuck, help!" }))
    await expectPath(router, '/how-to-scan')
  })

  it.each([
    ['the tag ID', { code: '483920', name: 'Keys' }],
    ['the activation code', { tag: 'HW7K3M9QPX', name: 'Keys' }],
    ['the item name', { tag: 'HW7K3M9QPX', code: '483920', name: '   ' }],
  ])('needs %s', async (_case, values) => {
    const { user } = renderApp({ url: '/activeTag', session: true })
    await fill(user, values)
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields')
  })

  it('says when the code pair is wrong', async () => {
    const { user, router } = renderApp({
      url: '/activeTag',
      session: true,
      handlers: [
        fnError(
          'activate-tag',
          'activation_incorrect',
          'Activation code or Tag ID is incorrect.',
          400,
        ),
      ],
    })
    await fill(user, { tag: 'HW7K3M9QPX', code: '000000', name: 'Keys' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Activation code or Tag ID is incorrect.',
    )
    expect(router.state.location.pathname).toBe('/activeTag')
  })

  it.each([
    ['item_name_too_long', 'invalid_input', 400, 'The item name must be 80 characters or fewer.'],
    [
      'item_name_not_one_line',
      'invalid_input',
      400,
      'The item name must be a single line of text.',
    ],
    ['registered_owners_only', 'forbidden', 403, 'Only registered owners can activate a tag.'],
    ['something_new', 'invalid_input', 400, 'Please fill in all fields'],
  ])(
    'turns the refusal code %s into words, never showing the code',
    async (message, code, status, words) => {
      const { user } = renderApp({
        url: '/activeTag',
        session: true,
        handlers: [fnError('activate-tag', code, message, status)],
      })
      await fill(user, { tag: 'HW7K3M9QPX', code: '483920', name: 'Keys' })
      await user.click(screen.getByRole('button', { name: 'Activate' }))
      const alert = await screen.findByRole('alert')
      expect(alert).toHaveTextContent(words)
      expect(alert).not.toHaveTextContent(message)
    },
  )

  it('tells the owner when the tag is already theirs, and stays on the form', async () => {
    const { user, router } = renderApp({
      url: '/activeTag',
      session: true,
      handlers: [fnError('activate-tag', 'already_yours', 'Already yours.', 409)],
    })
    await fill(user, { tag: 'HW7K3M9QPX', code: '483920', name: 'Keys' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This tag is already activated on your account.',
    )
    expect(router.state.location.pathname).toBe('/activeTag')
  })

  it('says clearly when attempts are throttled', async () => {
    const { user } = renderApp({
      url: '/activeTag',
      session: true,
      handlers: [
        http.post('*/functions/v1/activate-tag', () =>
          HttpResponse.json(
            { error: { code: 'too_many_attempts', message: 'Too many attempts.' } },
            { status: 429, headers: { 'Retry-After': '1800' } },
          ),
        ),
      ],
    })
    await fill(user, { tag: 'HW7K3M9QPX', code: '000000', name: 'Keys' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again later.',
    )
  })

  it('activates (tag ID in any case, with spaces) and lists the new item on the dashboard', async () => {
    const seen: unknown[] = []
    const { user, router, store } = renderApp({
      url: '/activeTag',
      session: { user: owner },
      handlers: [activateFunction(seen)],
    })
    await fill(user, { tag: '  hw7k3m9qpx ', code: ' 483920 ', name: ' Keys ' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    await expectPath(router, '/dashboard')
    expect(seen).toEqual([
      {
        body: { tagId: 'HW7K3M9QPX', activationCode: '483920', itemName: 'Keys' },
        authorization: expect.stringMatching(/^Bearer ey/),
      },
    ])
    const card = await screen.findByRole('link', { name: 'Edit Keys' })
    expect(within(card).getByText('HW7K3M9QPX')).toBeInTheDocument()
    expect(store.get(stateAtom).items).toEqual([newItem])
    // A short confirmation on arrival, shown once.
    expect(screen.getByText(/Tag activated: Keys is now protected\./)).toHaveAttribute(
      'role',
      'status',
    )
    await user.click(screen.getByRole('link', { name: 'Account Settings' }))
    await expectPath(router, '/account')
    await user.click(await screen.findByRole('link', { name: 'My dashboard' }))
    await expectPath(router, '/dashboard')
    expect(await screen.findByRole('link', { name: 'Edit Keys' })).toBeInTheDocument()
    expect(screen.queryByText(/Tag activated/)).toBeNull()
  })
})

describe('/activeTag signed in from its own login screen', () => {
  it('forgets a route-after-login that pointed here, so the dashboard does not come back', async () => {
    sessionStorage.setItem('homeward.unregisteredTag', JSON.stringify('HW7K3M9QPX'))
    sessionStorage.setItem('homeward.routeAfterLogin', JSON.stringify('/activeTag'))
    const { user, router, store } = renderApp({
      url: '/activeTag',
      handlers: [
        http.post('*/auth/v1/token', () => HttpResponse.json(fakeSession(owner))),
        restGet('profiles', [fakeProfile(owner)]),
        restGet('items', []),
        activateFunction(),
      ],
    })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    const tagInput = await screen.findByLabelText('TAG ID')
    await waitFor(() => expect(tagInput).toHaveValue('HW7K3M9QPX'))
    await waitFor(() => expect(store.get(routeAfterLoginAtom)).toBeNull())
    await fill(user, { code: '483920', name: 'Keys', tag: 'HW7K3M9QPX' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    await expectPath(router, '/dashboard')
    expect(await screen.findByRole('link', { name: 'Edit Keys' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})

describe('/activeTag/activated', () => {
  it('goes to /dashboard when signed in', async () => {
    const { router } = renderApp({ url: '/activeTag/activated', session: true })
    await expectPath(router, '/dashboard')
  })

  it('shows the login screen when signed out', async () => {
    const { router } = renderApp({ url: '/activeTag/activated' })
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/activeTag/activated')
  })
})

describe('an unclaimed tag scan, then login', () => {
  it('lands on a prefilled activation form, and the tag is forgotten once activated', async () => {
    // What /tag stores for a scanned tag that is not yet activated (SPEC.md §4).
    sessionStorage.setItem('homeward.unregisteredTag', JSON.stringify('HW7K3M9QPX'))
    sessionStorage.setItem('homeward.routeAfterLogin', JSON.stringify('/activeTag'))
    const { user, router, store } = renderApp({
      url: '/login',
      handlers: [
        http.post('*/auth/v1/token', () => HttpResponse.json(fakeSession(owner))),
        restGet('profiles', [fakeProfile(owner)]),
        restGet('items', []),
        activateFunction(),
      ],
    })
    await user.type(await screen.findByLabelText('EMAIL'), 'olivia.owner@example.com')
    await user.type(screen.getByLabelText('PASSWORD'), 'correct horse{Enter}')
    await expectPath(router, '/activeTag')
    const tagInput = await screen.findByLabelText('TAG ID')
    await waitFor(() => expect(tagInput).toHaveValue('HW7K3M9QPX'))
    expect(store.get(routeAfterLoginAtom)).toBeNull()

    await fill(user, { tag: 'HW7K3M9QPX', code: '483920', name: 'Keys' })
    await user.click(screen.getByRole('button', { name: 'Activate' }))
    await expectPath(router, '/dashboard')
    expect(store.get(unregisteredTagAtom)).toBeNull()
  })
})
