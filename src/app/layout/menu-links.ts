import { paths } from '@/lib/paths'

/** SPEC.md §2 burger menu, in order. Shop is external; Logout is added when signed in. */
export const MENU_LINKS = [
  { label: 'Home', to: paths.home },
  { label: 'How it works', to: paths.howItWorks },
  { label: 'Found', to: paths.found },
  { label: 'Lost Account', to: paths.login },
  { label: 'Shop', external: true },
  { label: 'Activate a tag', to: paths.tag },
  { label: 'Help', to: paths.faq },
] as const
