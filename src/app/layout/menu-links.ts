import { msgId } from '@/lib/i18n/message-id'
import { paths } from '@/lib/paths'

/**
 * SPEC.md §2 burger menu, in order (its labels are catalog messages: the finder's pages
 * show the menu in the finder's language). Shop is external; Logout is added when signed in.
 */
export const MENU_LINKS = [
  { label: msgId('menu.home'), to: paths.home },
  { label: msgId('menu.howItWorks'), to: paths.howItWorks },
  { label: msgId('menu.found'), to: paths.found },
  { label: msgId('menu.lostAccount'), to: paths.login },
  { label: msgId('menu.shop'), external: true },
  { label: msgId('menu.activate'), to: paths.tag },
  { label: msgId('menu.help'), to: paths.faq },
] as const
