/** SPEC.md §2 burger menu, in order. Shop is external; Logout is added when signed in. */
export const MENU_LINKS = [
  { label: 'Home', to: '/home' },
  { label: 'How it works', to: '/how-it-works' },
  { label: 'Found', to: '/found' },
  { label: 'Lost Account', to: '/login' },
  { label: 'Shop', external: true },
  { label: 'Activate a tag', to: '/tag' },
  { label: 'Help', to: '/faq' },
] as const
