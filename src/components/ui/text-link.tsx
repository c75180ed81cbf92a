import type { ReactNode } from 'react'
import { Link, type LinkProps } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'

/**
 * An in-app link styled as Chakra's Link. Its words are its children, so a message
 * with a link inside (`<0>…</0>`, T in lib/i18n/use-t) can fill them in any language.
 */
export function TextLink({
  to,
  children,
  ...style
}: { to: string; children?: ReactNode } & Omit<LinkProps, 'href' | 'asChild'>) {
  return (
    <Link asChild {...style}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  )
}
