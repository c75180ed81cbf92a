import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Box, Button, Card, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTakeConfirmation } from '@/lib/confirmation'
import { env } from '@/lib/env'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/** The landing page of / and /home (SPEC.md §1 and §2). */
export function HomePage() {
  // What the owner just did elsewhere (e.g. deleted their account), said once on arrival.
  const confirmation = useTakeConfirmation()
  const t = useT()
  return (
    <Stack gap="8" py="2">
      {confirmation ? (
        <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
          ✓ {confirmation}
        </Text>
      ) : null}
      <Stack as="section" aria-labelledby="hero-title" gap="4" textAlign="center" py="6">
        <Heading as="h2" id="hero-title" size={{ base: '2xl', md: '4xl' }} color="brand.fg">
          {t('marketing.home.headline')}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} maxW="2xl" mx="auto">
          {t('marketing.home.intro')}
        </Text>
        <Box>
          <Button asChild size="lg">
            <RouterLink to={paths.howItWorks}>{t('marketing.home.howItWorks')}</RouterLink>
          </Button>
        </Box>
      </Stack>

      <SimpleGrid
        as="section"
        aria-label={t('marketing.home.getStartedLabel')}
        columns={{ base: 1, md: 3 }}
        gap="4"
      >
        <HomeCard title={t('marketing.home.lost.title')} text={t('marketing.home.lost.text')}>
          <Button asChild>
            <RouterLink to={paths.login}>{t('marketing.home.getStarted')}</RouterLink>
          </Button>
        </HomeCard>
        <HomeCard title={t('marketing.home.found.title')} text={t('marketing.home.found.text')}>
          <Button asChild>
            <RouterLink to={paths.found}>{t('marketing.home.getStarted')}</RouterLink>
          </Button>
        </HomeCard>
        <HomeCard title={t('marketing.home.shop.title')} text={t('marketing.home.shop.text')}>
          <Button asChild variant="outline">
            <a href={env.shopUrl} target="_blank" rel="noopener noreferrer">
              {t('marketing.home.shop.visit')}
            </a>
          </Button>
        </HomeCard>
      </SimpleGrid>

      <Flex
        as="section"
        aria-label={t('marketing.home.store.label')}
        direction={{ base: 'column', md: 'row' }}
        align="center"
        justify="space-between"
        gap="4"
        bg="brand.solid"
        color="brand.contrast"
        borderRadius="l2"
        p={{ base: '4', md: '6' }}
      >
        <Stack gap="1">
          <Heading as="h2" size="lg">
            {t('marketing.home.store.title')}
          </Heading>
          <Text>{t('marketing.home.store.text')}</Text>
        </Stack>
        <Link
          href={env.shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          color="brand.contrast"
          fontWeight="semibold"
          textDecoration="underline"
        >
          {t('marketing.home.store.link')}
        </Link>
      </Flex>
    </Stack>
  )
}

type HomeCardProps = { title: string; text: string; children: ReactNode }

function HomeCard({ title, text, children }: HomeCardProps) {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Card.Title as="h3">{title}</Card.Title>
        <Card.Description>{text}</Card.Description>
      </Card.Body>
      <Card.Footer>{children}</Card.Footer>
    </Card.Root>
  )
}
