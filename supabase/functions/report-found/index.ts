import { createClient } from 'npm:@supabase/supabase-js@2.109.0'
import { runInBackground } from '../_shared/background.ts'
import { parseFunctionEnv } from '../_shared/env.ts'
import { httpProviders, readProviderConfig } from '../_shared/notifications.ts'
import { sqlOutbox } from '../_shared/outbox-db.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const options = { auth: { persistSession: false, autoRefreshToken: false } }
const admin = createClient(env.supabaseUrl, env.serviceRoleKey, options)

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    siteUrl: env.siteUrl,
    getUserId: async (authorization) => {
      const client = createClient(env.supabaseUrl, env.anonKey, {
        ...options,
        global: { headers: { Authorization: authorization } },
      })
      const token = authorization.replace(/^Bearer\s+/i, '')
      const { data, error } = await client.auth.getUser(token)
      return error ? null : (data.user?.id ?? null)
    },
    createReport: async (args) => {
      const { data, error } = await admin.rpc('create_found_report_once', args)
      return { data, error }
    },
    db: sqlOutbox(admin),
    providers: httpProviders(readProviderConfig(Deno.env)),
    runInBackground,
  }),
)
