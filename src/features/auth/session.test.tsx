import { http, HttpResponse, delay } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { createStore } from '@/lib/jotai'
import { stateAtom, userAtom } from '@/lib/store'
import { signOut } from '@/features/auth/api/sign-out'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeProfile, renderApp } from '@/testing/render-app'
import { server } from '@/testing/server'
import {
  authSession,
  fakeSession,
  fakeUser,
  restGet,
  storeSession,
} from '@/testing/supabase-handlers'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

// The dashboard's live alerts: a fake Realtime socket and no chats.
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())
beforeEach(() => server.use(...ownerRealtime()))

afterEach(() => vi.restoreAllMocks())

const completeMetadata = {
  full_name: 'Olivia Owner',
  dob: '1990-04-01',
  address: '1 High Street, Cambridge',
  county: 'Cambridgeshire',
  country: 'United Kingdom',
  mobile_number: '07700900123',
}

const item = {
  id: 'item-1',
  tag_id: 'tag-1',
  tag_code: 'HW7K3M9QPX',
  owner_id: fakeUser().id,
  name: 'Keys',
  status: null,
  found_by: null,
  created_at: '2026-02-01T09:00:00Z',
  status_changed_at: null,
}

describe('the client store (SPEC.md §3)', () => {
  it('merges each update into the user slice and the general state', () => {
    const store = createStore()
    expect(store.get(userAtom)).toEqual({ config: {} })
    expect(store.get(stateAtom)).toEqual({})
    store.set(userAtom, { authed: true, config: { id: 'u1' } })
    store.set(userAtom, { doc: null })
    expect(store.get(userAtom)).toEqual({ authed: true, config: { id: 'u1' }, doc: null })
    store.set(stateAtom, { currentFormTitle: 'Dashboard' })
    store.set(stateAtom, { items: [] })
    expect(store.get(stateAtom)).toEqual({ currentFormTitle: 'Dashboard', items: [] })
  })
})

describe('the session', () => {
  it('stores the auth user, the profile and the items, merged with the page title', async () => {
    const { store, owner } = renderApp({ url: '/dashboard', session: { items: [item] } })
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
    expect(store.get(userAtom)).toMatchObject({
      config: { id: owner?.id, email: owner?.email },
      doc: { id: owner?.id, full_name: 'Olivia Owner' },
    })
    await waitFor(() =>
      expect(store.get(stateAtom)).toEqual({ currentFormTitle: 'Dashboard', items: [item] }),
    )
  })

  it('loads the profile by the auth user’s id, then the items by owner_id', async () => {
    const owner = fakeUser()
    const seen: string[] = []
    const { store } = renderApp({
      url: '/dashboard',
      session: { user: owner },
      handlers: [
        restGet('profiles', (url) => {
          seen.push(`profiles ${url.searchParams.get('id')}`)
          return [fakeProfile(owner)]
        }),
        restGet('items', (url) => {
          seen.push(`items ${url.searchParams.get('owner_id')}`)
          return []
        }),
      ],
    })
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
    expect(seen).toEqual([`profiles eq.${owner.id}`, `items eq.${owner.id}`])
  })

  it('shows the spinner until the profile and items are known', async () => {
    renderApp({
      url: '/dashboard',
      session: { items: [item] },
      handlers: [
        http.get('*/rest/v1/profiles', async () => {
          await delay(300)
          return HttpResponse.json([fakeProfile(fakeUser())])
        }),
      ],
    })
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(await screen.findByText('Keys')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
  })

  it('creates the missing profile from complete sign-up data', async () => {
    const owner = fakeUser({ user_metadata: completeMetadata })
    const inserted: unknown[] = []
    const { store } = renderApp({
      url: '/dashboard',
      session: { user: owner, profile: null },
      handlers: [
        http.post('*/rest/v1/profiles', async ({ request }) => {
          const body = await request.json()
          inserted.push(body)
          return HttpResponse.json(
            { ...(body as object), created_at: 'now', updated_at: 'now' },
            {
              status: 201,
            },
          )
        }),
      ],
    })
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
    expect(inserted).toEqual([{ id: owner.id, email: owner.email, ...completeMetadata }])
    expect(store.get(userAtom).doc).toMatchObject({ id: owner.id, full_name: 'Olivia Owner' })
    expect(await screen.findByRole('heading', { name: 'Hello, Olivia Owner' })).toBeInTheDocument()
  })

  it('silently creates nothing when the sign-up data is incomplete', async () => {
    const owner = fakeUser({ user_metadata: { ...completeMetadata, country: '  ' } })
    const posts: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts.push(request.url)
    })
    const { store } = renderApp({ url: '/dashboard', session: { user: owner, profile: null } })
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
    expect(store.get(userAtom).doc).toBeNull()
    expect(posts).toEqual([])
    server.events.removeAllListeners()
  })

  it('treats an anonymous (finder) session as signed out', async () => {
    const finder = fakeUser({ id: 'finder-1', email: '', is_anonymous: true })
    const session = fakeSession(finder)
    storeSession(session)
    server.use(...authSession(session))
    const { store, router } = renderApp({ url: '/dashboard' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 })
    expect(store.get(userAtom)).toMatchObject({ authed: false, config: {} })
  })
})

describe('logout', () => {
  it('signs out, logs success and reloads', async () => {
    const session = fakeSession()
    storeSession(session)
    let loggedOut = false
    server.use(
      http.post('*/auth/v1/logout', () => {
        loggedOut = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const reload = vi.fn()
    await signOut(reload)
    expect(loggedOut).toBe(true)
    expect(log).toHaveBeenCalledWith('Logout successful')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('only logs a failure', async () => {
    storeSession(fakeSession())
    server.use(
      http.post('*/auth/v1/logout', () =>
        HttpResponse.json({ code: 'unexpected_failure', message: 'boom' }, { status: 500 }),
      ),
    )
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reload = vi.fn()
    await signOut(reload)
    expect(error).toHaveBeenCalledWith('Logout failed', expect.anything())
    expect(reload).not.toHaveBeenCalled()
  })
})
