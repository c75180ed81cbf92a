import { supabase } from '@/lib/supabase'
import { paths } from '@/lib/paths'

/** The sign-up form's fields, kept in the auth user's metadata until the profile exists. */
export type ProfileMetadata = {
  full_name: string
  dob: string
  address: string
  county: string
  country: string
  mobile_number: string
}

/** Where the confirmation link in the e-mail leads: /login, which passes a signed-in owner on. */
export function confirmationRedirect(): string {
  return `${window.location.origin}${paths.login}`
}

/**
 * Creates the account. The profile fields travel in the user metadata; the session
 * hook creates the profile from them once the owner is signed in. The owner then
 * confirms their e-mail from the link Supabase Auth sends (`enable_confirmations`).
 * Throws the auth service's own error (already registered, weak password...).
 */
export async function signUp(email: string, password: string, profile: ProfileMetadata) {
  const { error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { data: profile, emailRedirectTo: confirmationRedirect() },
  })
  if (error) throw error
}
