import { Link as RouterLink } from 'react-router'
import { Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import {
  PRIVACY_SECTIONS,
  TERMS_SECTIONS,
  type LegalSection,
} from '@/features/marketing/legal-content'

function LegalSections({ sections }: { sections: readonly LegalSection[] }) {
  return sections.map((section) => (
    <Stack as="section" key={section.heading} gap="2" aria-label={section.heading}>
      <Heading as="h3" size="lg" color="brand.fg">
        {section.heading}
      </Heading>
      {section.paragraphs.map((paragraph) => (
        <Text key={paragraph}>{paragraph}</Text>
      ))}
      {section.list && (
        <List.Root gap="1" ps="6">
          {section.list.map((entry) => (
            <List.Item key={entry}>{entry}</List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  ))
}

/** /privacy: what is kept about owners and finders, why, for how long, and people's rights. */
export function PrivacyPage() {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        Privacy notice
      </Heading>
      <LegalSections sections={PRIVACY_SECTIONS} />
      <Text>
        See also our{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.terms}>terms of use</RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  )
}

/** /terms: the terms of use. */
export function TermsPage() {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        Terms of use
      </Heading>
      <LegalSections sections={TERMS_SECTIONS} />
      <Text>
        How we handle personal data:{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={paths.privacy}>privacy notice</RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  )
}
