import { Link as RouterLink } from 'react-router'
import { IconButton } from '@chakra-ui/react'
import { HomeIcon, ProfileIcon } from '@/components/ui/icons'
import { paths } from '@/lib/paths'
import type { RouteHandle } from '@/app/route-handle'
import { useT } from '@/lib/i18n/use-t'

/** The header's right-hand icon (SPEC.md §2), of the kind the route's handle names. */
export function ProfileLink({ kind }: { kind: RouteHandle['headerIcon'] }) {
  const isProfile = kind === 'profile'
  const t = useT()
  return (
    <IconButton asChild variant="ghost" size="lg">
      <RouterLink
        to={isProfile ? paths.dashboard : paths.root}
        // 'Home page' is on the finder's pages too: not the owner's catalog's to say.
        aria-label={isProfile ? t('layout.profile.dashboard') : 'Home page'}
        data-icon={kind}
      >
        {isProfile ? <ProfileIcon boxSize="6" /> : <HomeIcon boxSize="6" />}
      </RouterLink>
    </IconButton>
  )
}
