import { useEffect } from 'react'
import { useSetAtom } from '@/lib/jotai'
import { supabase } from '@/lib/supabase'
import { userAtom } from '@/lib/store'

/**
 * Keeps the user slice in step with Supabase Auth. `authed` stays undefined until
 * the sign-in state is known (the app shows a spinner meanwhile).
 * The owner-journey work extends this to load the profile and the items.
 */
export function useAuthSession(): void {
  const setUser = useSetAtom(userAtom)
  useEffect(() => {
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      const user = session?.user
      const isOwner = Boolean(user && !user.is_anonymous)
      setUser({ authed: isOwner, config: isOwner && user ? user : {} })
    })
    return () => data.subscription.unsubscribe()
  }, [setUser])
}
