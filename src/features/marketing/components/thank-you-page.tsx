import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/**
 * /found/thank-you (SPEC.md §2): the owner was informed. The Finder feature adds
 * the chat link here (see the `children` slot).
 */
export function ThankYouPage({ children }: { children?: ReactNode }) {
  const t = useT()
  return (
    <Stack gap="6" maxW="2xl" mx="auto" textAlign="center" py="4">
      <Heading as="h2" size="2xl">
        {t('thanks.heading')}
      </Heading>
      <Text fontSize="lg">{t('thanks.body')}</Text>
      {children}
      <Stack gap="2" align="center">
        <Text>{t('thanks.protectQuestion')}</Text>
        <Box>
          <Button asChild size="lg">
            <RouterLink to={paths.register}>{t('thanks.protect')}</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Stack>
  )
}
