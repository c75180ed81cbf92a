import { supabase } from '@/lib/supabase'

/** Signs in with e-mail and password; throws on any failure. */
export async function signIn(email: string, password: string): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password })
  if (error) throw error
}
