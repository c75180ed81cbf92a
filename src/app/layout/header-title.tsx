import { Heading, Image } from '@chakra-ui/react'
import { finderTitleId } from '@/lib/i18n/page-titles'
import { useT } from '@/lib/i18n/use-t'

/** SPEC.md §2: the logo when the form title is 'home', else the title as a heading. */
export function HeaderTitle({ title }: { title: string | undefined }) {
  const t = useT()
  if (title === 'home') {
    return (
      <Heading as="h1" size="md">
        <Image src="/logo.svg" alt="Homeward" height="10" width="auto" />
      </Heading>
    )
  }
  return (
    <Heading as="h1" size={{ base: 'md', md: 'lg' }} textAlign="center" lineClamp={1}>
      {/* A finder's page in the finder's language; the state keeps SPEC.md's title. */}
      {finderTitleId(title) ? t(finderTitleId(title)!) : (title ?? '')}
    </Heading>
  )
}
