import { Heading, Image } from '@chakra-ui/react'
import { pageTitleId } from '@/lib/i18n/page-titles'
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
      {/* The title through the catalogs (a finder's page in the finder's language). */}
      {pageTitleId(title) ? t(pageTitleId(title)!) : (title ?? '')}
    </Heading>
  )
}
