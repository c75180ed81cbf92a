import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { T, useT } from '@/lib/i18n/use-t'
import { TextLink } from '@/components/ui/text-link'

/** /found: the 'Scanning a FOUND tag' guide (SPEC.md §2), in the finder's language. */
export function FoundGuidePage() {
  const t = useT()
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        {t('guide.heading')}
      </Heading>
      <Text fontSize="lg">{t('guide.intro')}</Text>
      <List.Root as="ol" gap="2" ps="6">
        <List.Item>{t('guide.step1')}</List.Item>
        <List.Item>{t('guide.step2')}</List.Item>
        <List.Item>{t('guide.step3')}</List.Item>
        <List.Item>{t('guide.step4')}</List.Item>
      </List.Root>
      <Text>
        <T
          id="guide.cannotRead"
          components={{
            0: <TextLink to={paths.howToScan} color="brand.fg" fontWeight="semibold" />,
          }}
        />
      </Text>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.tag}>{t('guide.enterCode')}</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
