import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@/lib/store'
import { userAtom } from '@/lib/store'
import AccountSettings from '@/app/routes/account'
import { fakeProfile, renderUi } from '@/testing/render-app'
import { server } from '@/testing/server'
import { ownerRealtime } from '@/testing/owner-realtime'
import { fakeUser, restGet } from '@/testing/supabase-handlers'
import { englishLeftIn, usePseudoLocale } from '@/testing/pseudo-locale'

vi.setConfig({ testTimeout: 20_000 })
vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())

const owner = fakeUser()
const profile = fakeProfile(owner) as unknown as Profile

let restore = () => {}
beforeEach(() => {
  server.use(...ownerRealtime(), restGet('push_subscriptions', []))
  restore = usePseudoLocale()
})
afterEach(() => restore())

describe("Account Settings as a whole speaks the catalog's words (pseudo-locale)", () => {
  it('the form, the notification settings and the owner’s data', async () => {
    const { container, store } = renderUi(<AccountSettings />, { url: '/account' })
    act(() => store.set(userAtom, { authed: true, config: owner, doc: profile }))
    await waitFor(() => expect(container.querySelectorAll('section')).toHaveLength(2))
    await screen.findByRole('heading', { level: 3 }) // the devices, once loaded
    const data = [owner.email!, 'Olivia Owner', '1 High Street, Cambridge', 'Cambridgeshire']
    expect(englishLeftIn(container, [...data, 'United Kingdom'])).toEqual([])
  })
})
