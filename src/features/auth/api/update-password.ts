import { supabase } from '@/lib/supabase'

/** Sets a new password for the signed-in (recovering) owner. */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password })
  if (error) throw error
}
