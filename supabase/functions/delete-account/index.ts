import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { parseFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    deleteUser: async (userId) => {
      const { error } = await admin.auth.admin.deleteUser(userId)
      if (!error) return { error: null }
      // Auth's answer when the user is already gone (404 user_not_found).
      return {
        error: error.message,
        isGone: error.status === 404 || error.code === 'user_not_found',
      }
    },
    // purge-photos accepts the project's secret keys, one of which this client sends as apikey.
    purgePhotos: async () => {
      const { error } = await admin.functions.invoke('purge-photos', { body: {} })
      if (error) throw error
    },
  }),
)
