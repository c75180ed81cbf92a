import { supabase } from '@/lib/supabase'

/** SPEC §4: sign out, log success, reload; a failure is only logged. */
export async function signOut(reload: () => void = () => window.location.reload()): Promise<void> {
  const { error } = await supabase.auth.signOut()
  if (error) {
    console.error('Logout failed', error)
    return
  }
  console.log('Logout successful')
  reload()
}
