import { createClient } from 'npm:@supabase/supabase-js@2.109.0'
import { parseFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const options = { auth: { persistSession: false, autoRefreshToken: false } }
const admin = createClient(env.supabaseUrl, env.serviceRoleKey, options)

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    getCaller: async (authorization) => {
      const client = createClient(env.supabaseUrl, env.anonKey, {
        ...options,
        global: { headers: { Authorization: authorization } },
      })
      const { data, error } = await client.auth.getUser(authorization.replace(/^Bearer\s+/i, ''))
      if (error || !data.user) return null
      return { id: data.user.id, isAnonymous: data.user.is_anonymous === true }
    },
    activateTag: async (args) => {
      const { data, error } = await admin.rpc('activate_tag', args)
      return { data, error }
    },
  }),
)
