import { createClient } from '@supabase/supabase-js'
import type { Database } from '@/types/database.types'
import { env } from '@/lib/env'

/** The one Supabase client of the app. Nothing else talks to the backend. */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseKey)
