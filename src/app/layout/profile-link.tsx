import { Link as RouterLink, useLocation } from 'react-router-dom'
import { IconButton } from '@chakra-ui/react'
import { HomeIcon, ProfileIcon } from '@/components/ui/icons'
import { profileLinkFor } from '@/app/layout/profile-link-rule'

/** The header's right-hand icon, following SPEC.md §2 route by route. */
export function ProfileLink() {
  const { pathname } = useLocation()
  const link = profileLinkFor(pathname)
  const isProfile = link.kind === 'profile'
  return (
    <IconButton asChild variant="ghost" size="lg">
      <RouterLink
        to={link.to}
        aria-label={isProfile ? 'My dashboard' : 'Home page'}
        data-icon={link.kind}
      >
        {isProfile ? <ProfileIcon boxSize="6" /> : <HomeIcon boxSize="6" />}
      </RouterLink>
    </IconButton>
  )
}
