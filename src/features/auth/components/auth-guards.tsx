import { useEffect, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/page-spinner'
import { routeAfterLoginAtom } from '@/lib/after-login'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { LoginForm } from '@/features/auth/components/login-form'
import { paths } from '@/lib/paths'

/** SPEC.md §2: /account, /activeTag and /activeTag/activated show the login screen when signed out. */
export function ShowLoginWhenSignedOut({ children }: { children: ReactNode }) {
  const { authed } = useAtomValue(userAtom)
  const { pathname } = useLocation()
  const [routeAfterLogin, setRouteAfterLogin] = useAtom(routeAfterLoginAtom)
  // Signed in on the very page that was waiting for a login: nothing left to follow.
  useEffect(() => {
    if (authed && routeAfterLogin === pathname) setRouteAfterLogin(null)
  }, [authed, routeAfterLogin, pathname, setRouteAfterLogin])
  if (authed === undefined) return <PageSpinner />
  return authed ? children : <LoginForm />
}

/** SPEC.md §2: /dashboard and /editTag redirect to /login when signed out. */
export function RedirectToLoginWhenSignedOut({ children }: { children: ReactNode }) {
  const { authed } = useAtomValue(userAtom)
  if (authed === undefined) return <PageSpinner />
  return authed ? children : <Navigate to={paths.login} replace />
}
