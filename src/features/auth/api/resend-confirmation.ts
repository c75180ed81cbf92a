import { supabase } from '@/lib/supabase'
import { confirmationRedirect } from '@/features/auth/api/sign-up'

/**
 * Sends the sign-up confirmation link again. Supabase answers the same whether or
 * not the address is registered or already confirmed; throws on a refusal (too
 * many requests) or no answer.
 */
export async function resendConfirmation(email: string): Promise<void> {
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email: email.trim(),
    options: { emailRedirectTo: confirmationRedirect() },
  })
  if (error) throw error
}
