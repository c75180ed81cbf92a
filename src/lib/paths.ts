/**
 * Every in-app route string, in one place (SPEC.md §2). The route table, links,
 * redirects and e-mail links read these; nothing writes a route path by hand.
 */
export const paths = {
  root: '/',
  home: '/home',
  howItWorks: '/how-it-works',
  faq: '/faq',
  howToScan: '/how-to-scan',
  found: '/found',
  foundReunite: '/found/reunite',
  foundThankYou: '/found/thank-you',
  tag: '/tag',
  register: '/register',
  login: '/login',
  passwordReset: '/password-reset',
  updatePassword: '/password-reset/update',
  chat: '/chat',
  campaign: '/campaign',
  privacy: '/privacy',
  terms: '/terms',
  account: '/account',
  activeTag: '/activeTag',
  activeTagActivated: '/activeTag/activated',
  dashboard: '/dashboard',
  editTag: '/editTag',
  /** The operator's desk (issue 49): not in SPEC.md §2, for Homeward's operators only. */
  operator: '/operator',
  /** The owner's case links of one item (?itemId=…). */
  caseLinks: '/case-links',
  /** The printable case sheet of one case link (?itemId=…&caseLinkId=…). */
  caseSheet: '/case-sheet',
  /** A lost-property desk's page (issue 50): not in SPEC.md §2, for desks' staff. */
  desk: '/desk',
} as const

export type AppPath = (typeof paths)[keyof typeof paths]

/**
 * Routes that take one path segment after them (issue 50): a case link is
 * /case/<token>. The route table adds the segment; the host rules and the preview
 * answer the shell for `<path>/<anything without a slash>`.
 */
export const segmentPaths = {
  caseLink: '/case',
} as const
