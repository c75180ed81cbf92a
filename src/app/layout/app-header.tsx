import { Box, Flex } from '@chakra-ui/react'
import { BurgerMenu } from '@/app/layout/burger-menu'
import { HeaderTitle } from '@/app/layout/header-title'
import { ProfileLink } from '@/app/layout/profile-link'
import type { RouteHandle } from '@/app/route-handle'

type AppHeaderProps = {
  title: string
  headerIcon: RouteHandle['headerIcon']
  isSignedIn: boolean
}

export function AppHeader({ title, headerIcon, isSignedIn }: AppHeaderProps) {
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted">
      <Flex maxW="6xl" mx="auto" px="2" py="1" align="center" justify="space-between" gap="2">
        <BurgerMenu isSignedIn={isSignedIn} />
        <Flex flex="1" justify="center" minW="0">
          <HeaderTitle title={title} />
        </Flex>
        <ProfileLink kind={headerIcon} />
      </Flex>
    </Box>
  )
}
