import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { isChatRoute, routeAfterLoginAtom, unregisteredTagAtom } from '@/lib/after-login'
import { userAtom } from '@/lib/store'
import { LoginForm } from '@/features/auth/components/login-form'
import { paths } from '@/lib/paths'
import { useT } from '@/lib/i18n/use-t'

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

/**
 * Why the visitor is here, from the route after login: an unclaimed tag (set by /tag,
 * /activeTag to follow) or a chat link opened signed out (the chat to follow).
 */
function useLoginNotice(): string | null {
  const unregisteredTag = useAtomValue(unregisteredTagAtom)
  const routeAfterLogin = useAtomValue(routeAfterLoginAtom)
  const t = useT()
  if (unregisteredTag && routeAfterLogin === paths.activeTag) return t('auth.login.unclaimedTag')
  if (isChatRoute(routeAfterLogin)) return t('auth.login.chatLink')
  return null
}

/**
 * /login: the form; signed in → the route after login or /dashboard. Reached from
 * an unclaimed tag or a chat link, it says why; just after sign-up, it says to
 * confirm the e-mail address first.
 */
export function LoginPage() {
  useLeaveWhenSignedIn()
  return <LoginForm notice={useLoginNotice()} registeredEmail={useRegisteredEmail()} />
}

/** The address just registered (/register passes it in the navigation state), or null. */
function useRegisteredEmail(): string | null {
  const state: unknown = useLocation().state
  if (typeof state !== 'object' || state === null || !('registered' in state)) return null
  return typeof state.registered === 'string' ? state.registered : null
}
