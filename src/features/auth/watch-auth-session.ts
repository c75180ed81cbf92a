import type { User } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { GeneralState, UserSlice } from '@/lib/store'
import { loadOwner } from '@/features/auth/api/load-owner'

/**
 * Keeps the store in step with Supabase Auth (SPEC.md §4). On load and on every
 * auth change: the auth user, then the profile (created when missing and complete),
 * then the owner's items. `authed` stays undefined until all of it is known, so the
 * app shows its spinner meanwhile. Anonymous (finder) sessions count as signed out.
 *
 * The layout imports this module on demand (it brings supabase-js), so public pages
 * paint and accept input before it loads. Returns the function that stops watching.
 */
export function watchAuthSession(
  setUser: (update: Partial<UserSlice>) => void,
  setState: (update: Partial<GeneralState>) => void,
): () => void {
  let latestLoad = 0
  let loadedUserId: string | null = null

  const showOwner = (user: User) => {
    const load = ++latestLoad
    const isCurrent = () => load === latestLoad
    // Never await Supabase calls inside the auth callback: it holds the auth lock.
    void loadOwner(user)
      .then(({ doc, items }) => {
        if (!isCurrent()) return
        loadedUserId = user.id
        setState({ items })
        setUser({ authed: true, config: user, doc })
      })
      .catch((error: unknown) => {
        if (!isCurrent()) return
        console.error('Loading your account failed', error)
        loadedUserId = null
        setState({ items: [] })
        setUser({ authed: true, config: user, doc: null })
      })
  }

  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    const user = session?.user
    if (!user || user.is_anonymous) {
      latestLoad++
      loadedUserId = null
      setState({ items: [] })
      setUser({ authed: false, config: {}, doc: null })
      return
    }
    if (event === 'TOKEN_REFRESHED' && loadedUserId === user.id) {
      setUser({ config: user })
      return
    }
    showOwner(user)
  })
  return () => {
    latestLoad++
    data.subscription.unsubscribe()
  }
}
