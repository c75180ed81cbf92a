import type { ReactNode } from 'react'
import { Center, Spinner } from '@chakra-ui/react'
import { Navigate } from 'react-router-dom'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import { LoginForm } from '@/features/auth/components/login-form'

function Waiting() {
  return (
    <Center py="10">
      <Spinner size="lg" color="teal.600" aria-label="Loading" />
    </Center>
  )
}

/** SPEC.md §2: /account, /activeTag and /activeTag/activated show the login screen when signed out. */
export function ShowLoginWhenSignedOut({ children }: { children: ReactNode }) {
  const { authed } = useAtomValue(userAtom)
  if (authed === undefined) return <Waiting />
  return authed ? children : <LoginForm />
}

/** SPEC.md §2: /dashboard and /editTag redirect to /login when signed out. */
export function RedirectToLoginWhenSignedOut({ children }: { children: ReactNode }) {
  const { authed } = useAtomValue(userAtom)
  if (authed === undefined) return <Waiting />
  return authed ? children : <Navigate to="/login" replace />
}
