import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { env } from '@/lib/env'
import { userAtom } from '@/lib/store'
import { renderApp } from '@/testing/render-app'

// The whole app renders per test on a shared 2-core machine: allow it time.
vi.setConfig({ testTimeout: 20_000 })

const HEADLINE = 'Dedicated to making sure your lost items find a way back'

async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }))
  return screen.findByRole('navigation', { name: 'Main menu' })
}

describe('burger menu', () => {
  it('lists the eight links of SPEC §2 in order (Logout only when signed in)', async () => {
    const { user } = renderApp({ url: '/faq' })
    const menu = await openMenu(user)
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(names).toEqual([
      'Home',
      'How it works',
      'Found',
      'Lost Account',
      'Shop',
      'Activate a tag',
      'Help',
    ])
    expect(within(menu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument()
  })

  it.each([
    ['Home', '/home'],
    ['How it works', '/how-it-works'],
    ['Found', '/found'],
    ['Lost Account', '/login'],
    ['Activate a tag', '/tag'],
    ['Help', '/faq'],
  ])('%s navigates in-app to %s and closes the menu', async (label, path) => {
    const { user, router } = renderApp({ url: '/campaign' })
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('link', { name: label }))
    await waitFor(() => expect(router.state.location.pathname).toBe(path))
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument(),
    )
  })

  it('Shop leaves for the shop in the whole window', async () => {
    const { user } = renderApp({ url: '/' })
    const menu = await openMenu(user)
    const shop = within(menu).getByRole('link', { name: 'Shop' })
    expect(shop).toHaveAttribute('href', env.shopUrl)
    expect(shop).not.toHaveAttribute('target')
  })

  it('shows Logout when signed in, and it signs out', async () => {
    let logouts = 0
    const { user, store } = renderApp({
      url: '/faq',
      session: true,
      handlers: [
        http.post('*/auth/v1/logout', () => {
          logouts += 1
          return new HttpResponse(null, { status: 204 })
        }),
      ],
    })
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
    await screen.findByText('About us')
    const menu = await openMenu(user)
    await user.click(within(menu).getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(logouts).toBe(1))
    await waitFor(() => expect(store.get(userAtom).authed).toBe(false))
  })
})

describe('header title', () => {
  it("shows the logo when the form title is 'home'", async () => {
    renderApp({ url: '/' })
    const banner = screen.getByRole('banner')
    expect(await within(banner).findByRole('img', { name: 'Homeward' })).toHaveAttribute(
      'src',
      '/logo.svg',
    )
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveAccessibleName('Homeward')
  })

  it('shows any other form title as a heading, without the logo', async () => {
    renderApp({ url: '/faq' })
    const banner = screen.getByRole('banner')
    expect(await within(banner).findByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
    expect(within(banner).queryByRole('img', { name: 'Homeward' })).not.toBeInTheDocument()
  })
})

describe('sign-in state', () => {
  it('shows a spinner until the sign-in state is known, on pages that need it', async () => {
    let release: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (release = resolve))
    renderApp({
      url: '/password-reset',
      session: true,
      handlers: [
        http.get('*/rest/v1/profiles', async () => {
          await answered
          return HttpResponse.json([])
        }),
      ],
    })
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    expect(screen.queryByLabelText('EMAIL')).not.toBeInTheDocument()
    release()
    expect(await screen.findByLabelText('EMAIL')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
  })

  it('shows public pages at once, without waiting for the sign-in state', async () => {
    let release: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (release = resolve))
    const { store } = renderApp({
      url: '/faq',
      session: true,
      handlers: [
        http.get('*/rest/v1/profiles', async () => {
          await answered
          return HttpResponse.json([])
        }),
      ],
    })
    expect(await screen.findByText('About us')).toBeInTheDocument()
    expect(store.get(userAtom).authed).toBeUndefined()
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument()
    release()
    await waitFor(() => expect(store.get(userAtom).authed).toBe(true))
  })
})

describe('footer', () => {
  it("shows the current year and 'All rights reserved'", async () => {
    renderApp({ url: '/faq' })
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent(String(new Date().getFullYear()))
    expect(footer).toHaveTextContent('All rights reserved')
  })

  it('links to the privacy notice and the terms of use', async () => {
    const { user, router } = renderApp({ url: '/faq' })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/terms',
    )
    await user.click(within(footer).getByRole('link', { name: 'Privacy notice' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'))
    expect(await screen.findByRole('heading', { name: 'How long we keep it' })).toBeVisible()
  })
})

describe('unknown paths', () => {
  it("show a 404 page whose 'Go Home' leads home", async () => {
    const { user, router } = renderApp({ url: '/no/such/page' })
    await user.click(await screen.findByRole('link', { name: 'Go Home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeVisible()
  })
})
