import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import { Box, Flex } from '@chakra-ui/react'
import { PageSpinner } from '@/components/ui/page-spinner'
import { useAtomValue, useSetAtom } from '@/lib/jotai'
import { pageTitleAtom } from '@/lib/page-title'
import { stateAtom, userAtom } from '@/lib/store'
import { AppFooter } from '@/app/layout/app-footer'
import { AppHeader } from '@/app/layout/app-header'
import { useAuthSessionSoon } from '@/app/layout/use-auth-session-soon'
import { useRouteHandle, type RouteHandle } from '@/app/route-handle'
import { PendingReportSlot } from '@/features/found/components/pending-report-slot'
import { finderTitleId } from '@/lib/i18n/page-titles'
import { DeskReportSlot } from '@/app/layout/desk-report-slot'

const NOT_FOUND: RouteHandle = {
  title: 'Page not found',
  background: 'plain',
  headerIcon: 'home',
  guard: 'public',
}

// The owner pages' guards bring the login form and supabase-js: loaded only there.
const ShowLoginWhenSignedOut = lazy(async () => ({
  default: (await import('@/features/auth/components/auth-guards')).ShowLoginWhenSignedOut,
}))
const RedirectToLoginWhenSignedOut = lazy(async () => ({
  default: (await import('@/features/auth/components/auth-guards')).RedirectToLoginWhenSignedOut,
}))

/** The page under the route's guard (see RouteHandle['guard']). */
function GuardedPage({ guard }: { guard: RouteHandle['guard'] }): ReactNode {
  const { authed } = useAtomValue(userAtom)
  if (guard === 'public') return <Outlet />
  if (guard === 'login-screen' || guard === 'login-redirect') {
    const Guard = guard === 'login-screen' ? ShowLoginWhenSignedOut : RedirectToLoginWhenSignedOut
    return (
      <Suspense fallback={<PageSpinner />}>
        <Guard>
          <Outlet />
        </Guard>
      </Suspense>
    )
  }
  return authed === undefined ? <PageSpinner /> : <Outlet />
}

/**
 * Header, the current page and footer. The route's handle gives the title,
 * background, header icon and guard; public pages show at once (they are
 * prerendered), the others wait for the sign-in state.
 */
export function AppLayout() {
  const handle = useRouteHandle() ?? NOT_FOUND
  const { authed } = useAtomValue(userAtom)
  const setState = useSetAtom(stateAtom)
  // The route's title, unless the page on screen gave its own (usePageTitle).
  const title = useAtomValue(pageTitleAtom) ?? handle.title
  useAuthSessionSoon(handle.guard === 'public')
  // SPEC.md §3: the general state holds the current form title.
  useEffect(() => setState({ currentFormTitle: title }), [setState, title])
  return (
    <Flex direction="column" minH="100dvh" bg={`page.${handle.background}`}>
      <AppHeader title={title} headerIcon={handle.headerIcon} isSignedIn={authed === true} />
      <Box as="main" flex="1" w="full" maxW="6xl" mx="auto" px={{ base: '2', sm: '4' }} py="4">
        <PendingReportSlot />
        <DeskReportSlot />
        <GuardedPage guard={handle.guard} />
      </Box>
      <AppFooter hasLanguageMenu={finderTitleId(handle.title) !== undefined} />
    </Flex>
  )
}
