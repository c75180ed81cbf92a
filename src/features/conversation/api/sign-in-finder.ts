import type { AuthResponse } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'

let inFlight: Promise<AuthResponse> | null = null

/**
 * Signs a finder in anonymously (no account, no form). Calls made while one is
 * under way share it, so a remounted page never creates a second user.
 */
export function signInFinder(): Promise<AuthResponse> {
  inFlight ??= supabase.auth.signInAnonymously().finally(() => {
    inFlight = null
  })
  return inFlight
}
