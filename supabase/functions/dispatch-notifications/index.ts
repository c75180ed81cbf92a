import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { parseFunctionEnv } from '../_shared/env.ts'
import { httpProviders, readProviderConfig } from '../_shared/notifications.ts'
import { BACKGROUND_HEADERS, sqlOutbox } from '../_shared/outbox-db.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
  // The scheduler's delivery: its database work waits behind request work on the local stack.
  global: { headers: BACKGROUND_HEADERS },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    legacyServiceRoleKey: env.legacyServiceRoleKey,
    db: sqlOutbox(admin),
    providers: httpProviders(readProviderConfig(Deno.env)),
  }),
)
