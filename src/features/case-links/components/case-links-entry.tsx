import { Button } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/lib/paths'
import type { Item } from '@/lib/store'
import { useT } from '@/lib/i18n/use-t'

/** On a LOST item's dashboard card: the way to its case links. */
export function CaseLinksEntry({ item }: { item: Item }) {
  const t = useT()
  if (item.status !== 'LOST') return null
  return (
    <Button asChild size="sm" variant="outline" colorPalette="teal" alignSelf="start">
      <RouterLink
        to={`${paths.caseLinks}?itemId=${encodeURIComponent(item.id)}`}
        aria-label={t('caseLinks.entry.label', { item: item.name })}
      >
        {t('caseLinks.entry')}
      </RouterLink>
    </Button>
  )
}
