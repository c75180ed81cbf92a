import { supabase } from '@/lib/supabase'

export const UPDATE_PASSWORD_PATH = '/password-reset/update'

/** E-mails a recovery link that opens the update-password page signed in. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}${UPDATE_PASSWORD_PATH}`,
  })
  if (error) throw error
}
