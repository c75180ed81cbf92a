import { Heading, Image } from '@chakra-ui/react'

/** SPEC.md §2: the logo when the form title is 'home', else the title as a heading. */
export function HeaderTitle({ title }: { title: string | undefined }) {
  if (title === 'home') {
    return (
      <Heading as="h1" size="md">
        <Image src="/logo.svg" alt="Homeward" height="10" width="auto" />
      </Heading>
    )
  }
  return (
    <Heading as="h1" size={{ base: 'md', md: 'lg' }} textAlign="center" lineClamp={1}>
      {title ?? ''}
    </Heading>
  )
}
