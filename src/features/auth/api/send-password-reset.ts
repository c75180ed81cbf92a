import { supabase } from '@/lib/supabase'
import { paths } from '@/lib/paths'

export const UPDATE_PASSWORD_PATH = paths.updatePassword

/** E-mails a recovery link that opens the update-password page signed in. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${UPDATE_PASSWORD_PATH}`,
  })
  if (error) throw error
}
