import { useEffect, type ReactNode } from 'react'
import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { useTakeConfirmation } from '@/lib/confirmation'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { type Item, stateAtom, userAtom } from '@/lib/store'
import { ItemCard } from '@/features/items/components/item-card'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

/** A stored route-after-login wins over the dashboard (SPEC.md §2). */
function useFollowRouteAfterLogin(): boolean {
  const [routeAfterLogin, setRouteAfterLogin] = useAtom(routeAfterLoginAtom)
  const navigate = useNavigate()
  useEffect(() => {
    if (!routeAfterLogin) return
    setRouteAfterLogin(null)
    void navigate(routeAfterLogin, { replace: true })
  }, [routeAfterLogin, setRouteAfterLogin, navigate])
  return Boolean(routeAfterLogin)
}

type DashboardProps = {
  /** Shown under an item's card, outside its link (e.g. the item's chat link). */
  itemExtra?: (item: Item) => ReactNode
  /** Shown under the greeting (e.g. that texts are off until the mobile number is verified, the offer to turn notifications on). */
  notice?: ReactNode
}

/** /dashboard, signed in: greeting, the owner's items, and the two actions. */
export function Dashboard({ itemExtra, notice }: DashboardProps) {
  const isLeaving = useFollowRouteAfterLogin()
  const { doc } = useAtomValue(userAtom)
  const { items = [] } = useAtomValue(stateAtom)
  const confirmation = useTakeConfirmation()
  const t = useT()
  if (isLeaving) return null
  const name = doc?.full_name?.trim()
  return (
    <Stack gap="6" w="full">
      {confirmation ? (
        <Text role="status" fontWeight="medium" bg="brand.subtle" borderRadius="l2" p="3">
          ✓ {confirmation}
        </Text>
      ) : null}
      <Heading as="h2" size="2xl">
        {name ? t('items.dashboard.helloName', { name }) : t('items.dashboard.hello')}
      </Heading>
      {notice}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="teal">
          <RouterLink to={paths.activeTag}>{t('items.dashboard.activate')}</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="teal">
          <RouterLink to={paths.account}>{t('items.dashboard.account')}</RouterLink>
        </Button>
      </Stack>
      <Heading as="h3" size="lg">
        {t('items.dashboard.yourItems')}
      </Heading>
      {items.length === 0 ? (
        <Text color="fg.muted">{t('items.dashboard.empty')}</Text>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          {items.map((item) => (
            <Stack as="li" key={item.id} gap="2">
              <ItemCard item={item} />
              {itemExtra?.(item)}
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
