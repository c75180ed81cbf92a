/**
 * SPEC.md §2 "Header profile icon": on /activeTag, /account, /home and / the icon
 * is a profile icon linking to /dashboard; on every other route (including
 * /login, /register, /how-it-works and /dashboard) it is a home icon linking to /.
 */
export type ProfileLink = { kind: 'profile'; to: '/dashboard' } | { kind: 'home'; to: '/' }

const PROFILE_ROUTES = new Set(['/activetag', '/account', '/home', '/'])

/** Router paths match case-insensitively and ignore a trailing slash; so does this rule. */
function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '')
  return (trimmed === '' ? '/' : trimmed).toLowerCase()
}

export function profileLinkFor(pathname: string): ProfileLink {
  return PROFILE_ROUTES.has(normalise(pathname))
    ? { kind: 'profile', to: '/dashboard' }
    : { kind: 'home', to: '/' }
}
