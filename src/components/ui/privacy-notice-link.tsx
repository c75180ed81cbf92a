import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Link, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

/**
 * The privacy notice at the point of collection: what the form's details are for,
 * then links to the privacy notice and the terms of use.
 */
export function PrivacyNoticeLink({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="sm">
      {children} Read how we use and delete them in our{' '}
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={paths.privacy}>privacy notice</RouterLink>
      </Link>{' '}
      and{' '}
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={paths.terms}>terms of use</RouterLink>
      </Link>
      .
    </Text>
  )
}
