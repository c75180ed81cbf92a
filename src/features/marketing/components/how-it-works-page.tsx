import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'
import { msgId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

const STEPS = [
  {
    title: msgId('marketing.howItWorks.code.title'),
    text: msgId('marketing.howItWorks.code.text'),
  },
  {
    title: msgId('marketing.howItWorks.stick.title'),
    text: msgId('marketing.howItWorks.stick.text'),
  },
  {
    title: msgId('marketing.howItWorks.found.title'),
    text: msgId('marketing.howItWorks.found.text'),
  },
] as const

/** /how-it-works: the three steps (SPEC.md §2). */
export function HowItWorksPage() {
  const t = useT()
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        {t('marketing.howItWorks.heading')}
      </Heading>
      <List.Root as="ol" gap="4" listStyle="none" ps="0">
        {STEPS.map((step, index) => (
          <List.Item key={step.title} display="flex" gap="4" alignItems="flex-start">
            <Box
              flexShrink={0}
              w="10"
              h="10"
              borderRadius="full"
              bg="brand.solid"
              color="brand.contrast"
              display="grid"
              placeItems="center"
              fontWeight="bold"
              aria-hidden="true"
            >
              {index + 1}
            </Box>
            <Stack gap="1">
              <Heading as="h3" size="lg">
                {t(step.title)}
              </Heading>
              <Text>{t(step.text)}</Text>
            </Stack>
          </List.Item>
        ))}
      </List.Root>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.login}>{t('marketing.howItWorks.getStarted')}</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
