import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { userAtom } from '@/lib/store'
import { LoginForm } from '@/features/auth/components/login-form'
import { paths } from '@/lib/paths'

/**
 * Goes to the stored route-after-login (clearing it) or the dashboard as soon as
 * the owner is signed in.
 */
export function useLeaveWhenSignedIn(): void {
  const { authed } = useAtomValue(userAtom)
  const [routeAfterLogin, setRouteAfterLogin] = useAtom(routeAfterLoginAtom)
  const navigate = useNavigate()
  const hasLeft = useRef(false)
  useEffect(() => {
    if (!authed || hasLeft.current) return
    hasLeft.current = true
    if (routeAfterLogin) {
      setRouteAfterLogin(null)
      void navigate(routeAfterLogin, { replace: true })
    } else {
      void navigate(paths.dashboard, { replace: true })
    }
  }, [authed, routeAfterLogin, setRouteAfterLogin, navigate])
}

export const UNCLAIMED_TAG_NOTICE =
  "This tag isn't activated yet. Log in or sign up to activate it."

/** Set by /tag for an unclaimed tag: a tag waiting and /activeTag to follow. */
function useIsFromUnclaimedTag(): boolean {
  const unregisteredTag = useAtomValue(unregisteredTagAtom)
  const routeAfterLogin = useAtomValue(routeAfterLoginAtom)
  return Boolean(unregisteredTag) && routeAfterLogin === '/activeTag'
}

/**
 * /login: the form; signed in → the route after login or /dashboard. Reached from
 * an unclaimed tag, it says why.
 */
export function LoginPage() {
  useLeaveWhenSignedIn()
  const isFromUnclaimedTag = useIsFromUnclaimedTag()
  return <LoginForm notice={isFromUnclaimedTag ? UNCLAIMED_TAG_NOTICE : null} />
}
