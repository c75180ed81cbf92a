/** SPEC.md §9: page background colours vary by screen. Values are theme tokens. */
const BY_ROUTE: Record<string, string> = {
  '/': 'page.home',
  '/home': 'page.home',
  '/how-it-works': 'page.guide',
  '/faq': 'page.guide',
  '/how-to-scan': 'page.guide',
  '/found': 'page.finder',
  '/tag': 'page.finder',
  '/found/reunite': 'page.finder',
  '/found/thank-you': 'page.finder',
  '/chat': 'page.finder',
  '/campaign': 'page.home',
  '/dashboard': 'page.owner',
  '/account': 'page.owner',
  '/activetag': 'page.owner',
  '/activetag/activated': 'page.owner',
  '/edittag': 'page.owner',
}

export function pageBackgroundFor(pathname: string): string {
  const key = pathname.replace(/\/+$/, '').toLowerCase() || '/'
  return BY_ROUTE[key] ?? 'page.plain'
}
