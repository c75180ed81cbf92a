import { supabase } from '@/lib/supabase'

/** What the owner may read of their number's verification (mobile_verifications). */
export type MobileVerification = {
  mobile_number: string
  verified_at: string | null
  code_expires_at: string | null
}

/** The owner's verification row, or null when no code was ever sent to the number held now. */
export async function getMobileVerification(
  ownerId: string,
  signal: AbortSignal,
): Promise<MobileVerification | null> {
  const { data, error } = await supabase
    .from('mobile_verifications')
    .select('mobile_number, verified_at, code_expires_at')
    .eq('owner_id', ownerId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw error
  return data
}

/** Why send_mobile_code refused, in the server's words (the app owns the sentences). */
export type SendRefusal = 'too_many_codes' | 'no_mobile_number' | 'already_verified' | 'failed'

export class SendCodeRefused extends Error {
  constructor(readonly reason: SendRefusal) {
    super(reason)
    this.name = 'SendCodeRefused'
  }
}

/** Texts a new code to the number on the owner's profile (the outbox sends it). */
export async function sendMobileCode(): Promise<{ mobileNumber: string; expiresAt: string }> {
  const { data, error } = await supabase.rpc('send_mobile_code').single()
  if (error) {
    const known = ['too_many_codes', 'no_mobile_number', 'already_verified'] as const
    const reason = known.find((code) => code === error.message) ?? 'failed'
    throw new SendCodeRefused(reason)
  }
  return { mobileNumber: data.mobile_number, expiresAt: data.expires_at }
}

export type VerifyOutcome =
  | { outcome: 'verified' }
  | { outcome: 'wrong_code'; attemptsLeft: number }
  | { outcome: 'expired' | 'too_many_attempts' | 'no_code' | 'not_signed_in' }

/** Checks the code the owner typed; a wrong one is counted by the server. Throws when there is no answer. */
export async function verifyMobileCode(code: string): Promise<VerifyOutcome> {
  const { data, error } = await supabase.rpc('verify_mobile_code', { code }).single()
  if (error) throw error
  if (data.outcome === 'wrong_code') {
    return { outcome: 'wrong_code', attemptsLeft: data.attempts_left ?? 0 }
  }
  const outcomes = ['verified', 'expired', 'too_many_attempts', 'no_code', 'not_signed_in'] as const
  const outcome = outcomes.find((o) => o === data.outcome)
  if (!outcome) throw new Error(`verify_mobile_code answered ${data.outcome}`)
  return { outcome }
}
