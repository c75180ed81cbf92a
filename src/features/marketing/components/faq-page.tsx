import { Link as RouterLink } from 'react-router'
import { Accordion, Heading, Link, Stack, Text } from '@chakra-ui/react'
import { FAQ_GROUPS, type FaqEntry } from '@/features/marketing/faq-content'

/** /faq: the eight groups of SPEC.md §2, each an accordion of questions. */
export function FaqPage() {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      {FAQ_GROUPS.map((group) => (
        <Stack as="section" key={group.title} gap="2" aria-label={group.title}>
          <Heading as="h2" size="lg" color="brand.fg">
            {group.title}
          </Heading>
          <Accordion.Root multiple collapsible variant="enclosed" bg="bg">
            {group.entries.map((entry) => (
              <Accordion.Item key={entry.question} value={entry.question}>
                <Accordion.ItemTrigger cursor="pointer">
                  <Text as="span" flex="1" fontWeight="medium">
                    {entry.question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <FaqAnswer entry={entry} />
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Stack>
      ))}
    </Stack>
  )
}

function FaqAnswer({ entry }: { entry: FaqEntry }) {
  const { link } = entry
  return (
    <Stack gap="2">
      <Text>{entry.answer}</Text>
      {link &&
        (link.href.startsWith('/') ? (
          <Link asChild color="brand.fg">
            <RouterLink to={link.href}>{link.label}</RouterLink>
          </Link>
        ) : (
          <Link href={link.href} color="brand.fg">
            {link.label}
          </Link>
        ))}
    </Stack>
  )
}
