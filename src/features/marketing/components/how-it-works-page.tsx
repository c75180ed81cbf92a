import { Link as RouterLink } from 'react-router'
import { Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react'
import { paths } from '@/lib/paths'

const STEPS = [
  {
    title: 'Enter the code',
    text: 'Sign in and activate your tag with the tag ID and activation code that came with it, then give the item a name.',
  },
  {
    title: 'Stick it on',
    text: 'Stick the waterproof tag on the item. It has no battery, so there is nothing to charge.',
  },
  {
    title: 'Lost and found',
    text: 'Whoever finds your item taps the tag with their phone and tells you where it is. You are told at once by e-mail and text, and you can chat with them until it is back with you.',
  },
] as const

/** /how-it-works: the three steps (SPEC.md §2). */
export function HowItWorksPage() {
  return (
    <Stack gap="6" maxW="3xl" mx="auto">
      <Heading as="h2" size="2xl">
        Three steps to get your things back
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
                {step.title}
              </Heading>
              <Text>{step.text}</Text>
            </Stack>
          </List.Item>
        ))}
      </List.Root>
      <Box>
        <Button asChild size="lg">
          <RouterLink to={paths.login}>Get started</RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}
