import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { parseFunctionEnv } from '../_shared/env.ts'
import { BACKGROUND_HEADERS } from '../_shared/outbox-db.ts'
import { storageStore } from '../_shared/photo-purge.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
  // scheduled clean-up: on the local stack its database work waits behind requests
  global: { headers: BACKGROUND_HEADERS },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    legacyServiceRoleKey: env.legacyServiceRoleKey,
    store: storageStore(admin),
  }),
)
