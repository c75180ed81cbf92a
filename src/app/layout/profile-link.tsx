import { Link as RouterLink } from 'react-router'
import { IconButton } from '@chakra-ui/react'
import { HomeIcon, ProfileIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'
import type { RouteHandle } from '@/app/route-handle'
import { useT } from '@/lib/i18n/use-t'

/** The header's right-hand icon (SPEC.md §2), of the kind the route's handle names. */
export function ProfileLink({ kind }: { kind: RouteHandle['headerIcon'] }) {
  const t = useT()
  const isProfile = kind === 'profile'
  return (
    <IconButton asChild variant="ghost" size="lg">
      <RouterLink
        to={isProfile ? paths.dashboard : paths.root}
        aria-label={isProfile ? t('header.myDashboard') : t('header.homePage')}
        data-icon={kind}
      >
        {isProfile ? <ProfileIcon boxSize="6" /> : <HomeIcon boxSize="6" />}
      </RouterLink>
    </IconButton>
  )
}
