import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'
import { matchRoutes } from 'react-router'
import { routes } from '@/app/router'
import { handleOf } from '@/app/route-handle'

type Expected = 'profile' | 'home'

/**
 * SPEC.md §2 "Header profile icon", route by route: every route named in §2 plus an
 * unknown one. Owner-only pages are visited signed in and /login, /register signed
 * out, so that no page redirects away from the route being checked.
 */
const CASES: [path: string, signedIn: boolean, expected: Expected][] = [
  ['/', false, 'profile'],
  ['/home', false, 'profile'],
  ['/activeTag', true, 'profile'],
  ['/account', true, 'profile'],
  ['/login', false, 'home'],
  ['/register', false, 'home'],
  ['/how-it-works', false, 'home'],
  ['/dashboard', true, 'home'],
  ['/faq', false, 'home'],
  ['/how-to-scan', false, 'home'],
  ['/found', false, 'home'],
  ['/tag', false, 'home'],
  ['/found/reunite', false, 'home'],
  ['/found/thank-you', false, 'home'],
  ['/password-reset', false, 'home'],
  ['/password-reset/update', false, 'home'],
  ['/chat', false, 'home'],
  ['/campaign', false, 'home'],
  ['/activeTag/activated', false, 'home'],
  ['/editTag', true, 'home'],
  ['/no-such-route', false, 'home'],
]

const LINKS = {
  profile: { name: 'My dashboard', href: '/dashboard' },
  home: { name: 'Home page', href: '/' },
}

describe('header profile icon', () => {
  it.each(CASES)('on %s (signed in: %s) is the %s icon', async (path, signedIn, expected) => {
    const { router } = renderApp({ url: path, session: signedIn || undefined })
    // Checked as soon as the header shows, before any page could redirect.
    const banner = await screen.findByRole('banner')
    const link = within(banner).getByRole('link', { name: LINKS[expected].name })
    expect(router.state.location.pathname).toBe(path)
    expect(link).toHaveAttribute('href', LINKS[expected].href)
    expect(link).toHaveAttribute('data-icon', expected)
    const other = expected === 'home' ? 'profile' : 'home'
    expect(within(banner).queryByRole('link', { name: LINKS[other].name })).not.toBeInTheDocument()
  })
})

/** The header icon the route table's handles give for a path. */
function headerIconFor(path: string) {
  const matches = matchRoutes(routes, path) ?? []
  return handleOf(matches.map(({ route }) => ({ handle: route.handle })))?.headerIcon
}

describe('route handles', () => {
  it.each(CASES)('%s → %s', (path, _signedIn, expected) => {
    expect(headerIconFor(path)).toBe(expected)
  })

  it('ignore case and a trailing slash, as the router does', () => {
    expect(headerIconFor('/ACTIVETAG/')).toBe('profile')
    expect(headerIconFor('/Dashboard')).toBe('home')
    expect(headerIconFor('/account/extra')).toBe('home')
  })
})
