import type { ReactNode } from 'react'
import { Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { T } from '@/lib/i18n/use-t'
import { TextLink } from '@/components/ui/text-link'

/**
 * The privacy notice at the point of collection: what the form's details are for,
 * then links to the privacy notice and the terms of use.
 */
export function PrivacyNoticeLink({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="sm">
      {children}{' '}
      <T
        id="privacy.readHow"
        components={{
          0: <TextLink to={paths.privacy} color="brand.fg" fontWeight="semibold" />,
          1: <TextLink to={paths.terms} color="brand.fg" fontWeight="semibold" />,
        }}
      />
    </Text>
  )
}
