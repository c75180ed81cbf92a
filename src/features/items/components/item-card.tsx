import { useId } from 'react'
import { Badge, Card, HStack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { paths } from '@/lib/paths'
import type { Item } from '@/lib/store'
import { STATUS_TEXT, statusBadge } from '@/features/items/item-status'
import { useT } from '@/lib/i18n/use-t'

/** One item on the dashboard: tag code, name, LOST/FOUND badge; opens /editTag. */
export function ItemCard({ item }: { item: Item }) {
  const badge = statusBadge(item)
  const detailsId = useId()
  const t = useT()
  return (
    <Card.Root asChild variant="outline" _hover={{ borderColor: 'teal.500' }}>
      <RouterLink
        to={`${paths.editTag}?itemId=${encodeURIComponent(item.id)}`}
        aria-label={t('items.card.edit', { name: item.name })}
        aria-describedby={detailsId}
      >
        <Card.Body gap="2">
          <HStack id={detailsId} justify="space-between">
            <Text fontFamily="mono" fontSize="sm" color="fg.muted">
              {item.tag_code}
            </Text>
            <Badge colorPalette={badge.colorPalette} variant={badge.variant} data-tone={badge.tone}>
              {t(STATUS_TEXT[badge.label])}
            </Badge>
          </HStack>
          <Card.Title>{item.name}</Card.Title>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  )
}
