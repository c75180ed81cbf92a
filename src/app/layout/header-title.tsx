import { Heading, Image } from '@chakra-ui/react'
import { pageTitleId } from '@/lib/i18n/page-titles'
import { useT } from '@/lib/i18n/use-t'

/**
 * The title through the catalogs (a finder's page in the finder's language); the route's
 * own words while the owner's catalog is still on its way (the header shows before the
 * page's chunk), never a bare id.
 */
function shownTitle(title: string | undefined, t: ReturnType<typeof useT>): string {
  const id = pageTitleId(title)
  if (!id) return title ?? ''
  const text = t(id)
  return text === id ? (title ?? '') : text
}

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
      {shownTitle(title, t)}
    </Heading>
  )
}
