import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/types/database.types'

/**
 * The one Supabase client (src/lib/supabase.ts), loaded on first use. Pages a finder
 * opens on a slow phone call this instead of importing the client, so supabase-js
 * stays out of the JavaScript they need before they can type.
 */
export async function loadSupabase(): Promise<SupabaseClient<Database>> {
  return (await import('@/lib/supabase')).supabase
}
