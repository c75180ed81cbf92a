import { Link as RouterLink } from 'react-router'
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { ChevronDownIcon } from '@/components/ui/icons'
import { FAQ_GROUPS, FAQ_VALUES, type FaqEntry } from '@/features/marketing/faq-content'
import { useT } from '@/lib/i18n/use-t'

/**
 * /faq: the eight groups of SPEC.md §2, each an accordion of questions. Each question
 * is a native `<details>`: it opens on the prerendered page before the app's
 * JavaScript has arrived, and the browser's find-in-page opens the answer it finds.
 */
export function FaqPage() {
  const t = useT()
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      {FAQ_GROUPS.map((group) => (
        <Stack as="section" key={group.title} gap="2" aria-label={t(group.title)}>
          <Heading as="h2" size="lg" color="brand.fg">
            {t(group.title)}
          </Heading>
          <Box borderWidth="1px" borderRadius="l2" bg="bg" overflow="hidden">
            {group.entries.map((entry) => (
              <FaqQuestion key={entry.question} entry={entry} />
            ))}
          </Box>
        </Stack>
      ))}
    </Stack>
  )
}

function FaqQuestion({ entry }: { entry: FaqEntry }) {
  const t = useT()
  return (
    <Box
      as="details"
      _notFirst={{ borderTopWidth: '1px' }}
      css={{ '&[open] > summary svg': { transform: 'rotate(180deg)' } }}
    >
      <Box
        as="summary"
        display="flex"
        alignItems="center"
        gap="2"
        px="4"
        py="3"
        cursor="pointer"
        listStyle="none"
        _hover={{ bg: 'bg.subtle' }}
        _focusVisible={{
          outline: '2px solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '-2px',
        }}
        css={{ '&::-webkit-details-marker': { display: 'none' } }}
      >
        <Text as="span" flex="1" fontWeight="medium">
          {t(entry.question, FAQ_VALUES)}
        </Text>
        <ChevronDownIcon boxSize="5" color="fg.muted" transition="transform 0.2s" />
      </Box>
      <Box px="4" pb="4">
        <FaqAnswer entry={entry} />
      </Box>
    </Box>
  )
}

function FaqAnswer({ entry }: { entry: FaqEntry }) {
  const { link } = entry
  const t = useT()
  return (
    <Stack gap="2">
      <Text>{t(entry.answer, FAQ_VALUES)}</Text>
      {link &&
        (link.href.startsWith('/') ? (
          <Link asChild color="brand.fg">
            <RouterLink to={link.href}>{t(link.label, FAQ_VALUES)}</RouterLink>
          </Link>
        ) : (
          <Link href={link.href} color="brand.fg">
            {t(link.label, FAQ_VALUES)}
          </Link>
        ))}
    </Stack>
  )
}
