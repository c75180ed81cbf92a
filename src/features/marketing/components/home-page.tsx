import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Box, Button, Card, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTakeConfirmation } from '@/lib/confirmation'
import { env } from '@/lib/env'
import { paths } from '@/lib/paths'

const HEADLINE = 'Dedicated to making sure your lost items find a way back'

/** The landing page of / and /home (SPEC.md §1 and §2). */
export function HomePage() {
  // What the owner just did elsewhere (e.g. deleted their account), said once on arrival.
  const confirmation = useTakeConfirmation()
  return (
    <Stack gap="8" py="2">
      {confirmation ? (
        <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
          ✓ {confirmation}
        </Text>
      ) : null}
      <Stack as="section" aria-labelledby="hero-title" gap="4" textAlign="center" py="6">
        <Heading as="h2" id="hero-title" size={{ base: '2xl', md: '4xl' }} color="brand.fg">
          {HEADLINE}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} maxW="2xl" mx="auto">
          Homeward is an affordable way to protect the things you carry. Our waterproof NFC tags
          link to a secure web app: whoever finds your item taps the tag with their phone and tells
          you where it is, without ever seeing your personal details.
        </Text>
        <Box>
          <Button asChild size="lg">
            <RouterLink to={paths.howItWorks}>How it works</RouterLink>
          </Button>
        </Box>
      </Stack>

      <SimpleGrid as="section" aria-label="Get started" columns={{ base: 1, md: 3 }} gap="4">
        <HomeCard
          title="Lost"
          text="Lost something you tagged? Sign in to mark it lost and hear the moment it is found."
        >
          <Button asChild>
            <RouterLink to={paths.login}>Get started</RouterLink>
          </Button>
        </HomeCard>
        <HomeCard
          title="Found"
          text="Found an item with a Homeward tag? Tell the owner where it is in under a minute, no account needed."
        >
          <Button asChild>
            <RouterLink to={paths.found}>Get started</RouterLink>
          </Button>
        </HomeCard>
        <HomeCard
          title="Shop"
          text="One tag per item, no battery to charge and no subscription to pay. Orders ship by tracked post."
        >
          <Button asChild variant="outline">
            <a href={env.shopUrl} target="_blank" rel="noopener noreferrer">
              Visit the shop
            </a>
          </Button>
        </HomeCard>
      </SimpleGrid>

      <Flex
        as="section"
        aria-label="Store"
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
            Tags for everything you carry
          </Heading>
          <Text>Keys, bags, bikes, phones and more: get your tags from the Homeward store.</Text>
        </Stack>
        <Link
          href={env.shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          color="brand.contrast"
          fontWeight="semibold"
          textDecoration="underline"
        >
          Go to the store
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
