import { Outlet, useLocation } from 'react-router-dom'
import { Box, Flex } from '@chakra-ui/react'
import { PageSpinner } from '@/components/ui/page-spinner'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { signOut } from '@/features/auth/api/sign-out'
import { useAuthSession } from '@/features/auth/use-auth-session'
import { AppFooter } from '@/app/layout/app-footer'
import { AppHeader } from '@/app/layout/app-header'
import { pageBackgroundFor } from '@/app/layout/page-background'

/** Header, the current page (or a spinner until the sign-in state is known), footer. */
export function AppLayout() {
  useAuthSession()
  const { authed } = useAtomValue(userAtom)
  const { pathname } = useLocation()
  return (
    <Flex direction="column" minH="100dvh" bg={pageBackgroundFor(pathname)}>
      <AppHeader isSignedIn={authed === true} onLogout={() => void signOut()} />
      <Box as="main" flex="1" w="full" maxW="6xl" mx="auto" px={{ base: '2', sm: '4' }} py="4">
        {authed === undefined ? <PageSpinner /> : <Outlet />}
      </Box>
      <AppFooter />
    </Flex>
  )
}
