import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1'

/**
 * A client that acts as the person who called the function (their JWT, the
 * publishable key), so row-level security and `auth.uid()` decide what it may do.
 */
export function clientAsCaller(
  supabaseUrl: string,
  publishableKey: string,
  authorization: string,
): SupabaseClient {
  return createClient(supabaseUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  })
}
