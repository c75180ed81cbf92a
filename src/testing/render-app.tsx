import { expect } from 'vitest'
import type { ReactNode } from 'react'
import { render, waitFor, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { RequestHandler } from 'msw'
import type { User } from '@supabase/supabase-js'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createStore } from '@/lib/jotai'
import { AppProvider, type AppStore } from '@/app/provider'
import { routes } from '@/app/router'
import { server } from '@/testing/server'
import {
  authSession,
  fakeSession,
  fakeUser,
  restGet,
  storeSession,
} from '@/testing/supabase-handlers'

type Row = Record<string, unknown>

export type FakeOwner = {
  /** Fields of the auth user to override (id, email, user_metadata…). */
  user?: Partial<User>
  /** The owner's profile row; null = none yet. Defaults to one built from the user. */
  profile?: Row | null
  /** The owner's item rows. */
  items?: Row[]
}

export type RenderAppOptions = {
  /** Where the app starts, e.g. '/tag?tagId=ABC123'. */
  url?: string
  /** A signed-in owner (true = the default fake owner). Omit for a signed-out visitor. */
  session?: FakeOwner | true
  /** Extra msw handlers for this test (added before rendering). */
  handlers?: RequestHandler[]
}

export type RenderAppResult = RenderResult & {
  /** The test's own jotai store: read atoms with `store.get(userAtom)`. */
  store: AppStore
  /** The memory router: `router.state.location` is where the app is now. */
  router: ReturnType<typeof createMemoryRouter>
  user: UserEvent
  /** The signed-in owner's auth user, when `session` was given. */
  owner: User | null
}

export function fakeProfile(user: User): Row {
  return {
    id: user.id,
    email: user.email ?? null,
    full_name: 'Olivia Owner',
    dob: '1990-04-01',
    address: '1 High Street, Cambridge',
    county: 'Cambridgeshire',
    country: 'United Kingdom',
    mobile_number: '07700900123',
    text_alerts: 'always',
    text_after_minutes: 10,
    created_at: '2026-01-01T09:00:00Z',
    updated_at: '2026-01-01T09:00:00Z',
  }
}

/**
 * Renders the real app (route table, layout, Chakra, a fresh jotai store) in a
 * memory router at `url`. With `session`, a signed-in owner's session is put in
 * supabase-js's storage and its profile/items requests are answered.
 */
export function renderApp({
  url = '/',
  session,
  handlers = [],
}: RenderAppOptions = {}): RenderAppResult {
  let owner: User | null = null
  if (session) {
    const fake: FakeOwner = session === true ? {} : session
    owner = fakeUser(fake.user)
    const signedIn = fakeSession(owner)
    storeSession(signedIn)
    const profile = fake.profile === undefined ? fakeProfile(owner) : fake.profile
    server.use(
      ...authSession(signedIn),
      restGet('profiles', profile ? [profile] : []),
      restGet('items', fake.items ?? []),
      // no device has notifications on (features/push)
      restGet('push_subscriptions', []),
    )
  }
  // Test-specific handlers win over the defaults above (msw uses the latest first).
  if (handlers.length > 0) server.use(...handlers)

  const store = createStore()
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const result = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, store, router, user: userEvent.setup(), owner }
}

/** Renders one component with the app's providers and a memory router (for component tests). */
export function renderUi(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const store = createStore()
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] })
  const result = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, store, router, user: userEvent.setup() }
}

/**
 * Waits until the app's router is at `path`. Routes load their code on first visit, which a
 * busy CI machine can take seconds to transform: the wait is long, the test still exact.
 */
export function expectPath(router: RenderAppResult['router'], path: string) {
  return waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 20_000 })
}
