import { Link as RouterLink } from 'react-router'
import { Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { CONTACT_EMAIL } from '@/lib/contact'
import { retentionDays } from '@/lib/retention'
import { useLocale, useT } from '@/lib/i18n/use-t'
import { SOURCE_LOCALE } from '@/lib/i18n/locales'
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

/**
 * What a finder needs from the notice, first and in their language: what we keep, why,
 * for how long (the same retention periods the database applies) and how to delete it.
 */
function FinderPrivacySummary() {
  const t = useT()
  return (
    <Stack
      as="section"
      id="finders"
      aria-labelledby="finder-privacy-heading"
      gap="2"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="md"
      p="4"
    >
      <Heading as="h3" size="lg" color="brand.fg" id="finder-privacy-heading">
        {t('privacy.finder.heading')}
      </Heading>
      <Text>{t('privacy.finder.keep')}</Text>
      <Text>{t('privacy.finder.why')}</Text>
      <Text>
        {t('found.privacy.rule', {
          afterFound: retentionDays.finderAfterFound,
          afterReport: retentionDays.finderAfterReport,
        })}
      </Text>
      <Text>{t('privacy.finder.delete')}</Text>
      <Text>{t('privacy.finder.contact', { email: CONTACT_EMAIL })}</Text>
    </Stack>
  )
}

/**
 * /privacy: what is kept about owners and finders, why, for how long, and people's
 * rights. A finder's summary comes first in the page's language (the page is
 * prerendered per language, docs/languages.md); the full notice stays English.
 */
export function PrivacyPage() {
  const t = useT()
  const isEnglish = useLocale() === SOURCE_LOCALE
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        {t('footer.privacy')}
      </Heading>
      <FinderPrivacySummary />
      {!isEnglish && <Text fontStyle="italic">{t('privacy.finder.restEnglish')}</Text>}
      <Stack gap="6" lang="en-GB" dir="ltr">
        <LegalSections sections={PRIVACY_SECTIONS} />
        <Text>
          See also our{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to={paths.terms}>terms of use</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
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
