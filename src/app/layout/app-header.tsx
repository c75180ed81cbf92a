import { Box, Flex } from '@chakra-ui/react'
import { useAtomValue } from '@/lib/jotai'
import { stateAtom } from '@/lib/store'
import { BurgerMenu } from '@/app/layout/burger-menu'
import { HeaderTitle } from '@/app/layout/header-title'
import { ProfileLink } from '@/app/layout/profile-link'

type AppHeaderProps = { isSignedIn: boolean; onLogout: () => void }

export function AppHeader({ isSignedIn, onLogout }: AppHeaderProps) {
  const { currentFormTitle } = useAtomValue(stateAtom)
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" borderColor="border.muted">
      <Flex maxW="6xl" mx="auto" px="2" py="1" align="center" justify="space-between" gap="2">
        <BurgerMenu isSignedIn={isSignedIn} onLogout={onLogout} />
        <Flex flex="1" justify="center" minW="0">
          <HeaderTitle title={currentFormTitle} />
        </Flex>
        <ProfileLink />
      </Flex>
    </Box>
  )
}
