import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { parseFunctionEnv } from '../_shared/env.ts'
import { BACKGROUND_HEADERS } from '../_shared/outbox-db.ts'
import { createHandler, type PhotoObject } from './handler.ts'

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
    store: {
      async photosToDelete(maxRows) {
        const { data, error } = await admin.rpc('photos_to_delete', { max_rows: maxRows })
        if (error) throw new Error(`photos_to_delete: ${error.message}`)
        return (data ?? []) as PhotoObject[]
      },
      async remove(bucket, names) {
        const { data, error } = await admin.storage.from(bucket).remove(names)
        if (error) throw new Error(`remove from ${bucket}: ${error.message}`)
        return data.map((row) => row.name)
      },
    },
  }),
)
