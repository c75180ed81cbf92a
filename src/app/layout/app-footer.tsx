import { lazy, Suspense } from 'react'
import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'
import { TextLink } from '@/components/ui/text-link'

// Its own chunk, outside the finder's first JavaScript (scripts/lib/budgets.ts): the
// prerendered page holds the menu's HTML, which hydration keeps until the chunk is in.
const LanguageMenu = lazy(async () => ({
  default: (await import('@/components/ui/language-menu')).LanguageMenu,
}))

/**
 * SPEC.md §2: the year and 'All rights reserved'; and the privacy notice and terms.
 * The finder's pages add the language menu.
 */
export function AppFooter({
  now = new Date(),
  hasLanguageMenu = false,
}: {
  now?: Date
  hasLanguageMenu?: boolean
}) {
  const t = useT()
  return (
    <Box as="footer" py="4" px="2" borderTopWidth="1px" borderColor="border.muted" bg="bg">
      <Stack gap="2">
        {hasLanguageMenu && (
          <Suspense fallback={null}>
            <LanguageMenu />
          </Suspense>
        )}
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          {t('footer.rights', { year: String(now.getFullYear()) })}
        </Text>
      </Stack>
      <HStack as="nav" aria-label={t('footer.legal')} justify="center" gap="4" mt="1" fontSize="sm">
        <TextLink to={paths.privacy} color="fg.muted" textDecoration="underline">
          {t('footer.privacy')}
        </TextLink>
        <TextLink to={paths.terms} color="fg.muted" textDecoration="underline">
          {t('footer.terms')}
        </TextLink>
      </HStack>
    </Box>
  )
}
