import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAtom, useAtomValue } from '@/lib/jotai'
import { routeAfterLoginAtom } from '@/lib/after-login'
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

/** /login: the form; signed in → the route after login or /dashboard. */
export function LoginPage() {
  useLeaveWhenSignedIn()
  return <LoginForm />
}
