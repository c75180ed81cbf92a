import { createClient } from 'npm:@supabase/supabase-js@2.109.0'
import { parseFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const admin = createClient(env.supabaseUrl, env.serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    activateTag: async (authorization, args) => {
      const client = createClient(env.supabaseUrl, env.anonKey, {
        global: { headers: { Authorization: authorization } },
        auth: { persistSession: false, autoRefreshToken: false },
      })
      const { data, error, status } = await client.rpc('activate_tag', args)
      return { data, error, status }
    },
    recordFailure: async (userId, code) => {
      const { error } = await admin.rpc('record_activation_failure', { user_id: userId, code })
      return { error }
    },
  }),
)
