import { createClient } from 'npm:@supabase/supabase-js@2.109.0'
import { runInBackground } from '../_shared/background.ts'
import { parseFunctionEnv } from '../_shared/env.ts'
import { httpProviders, readProviderConfig } from '../_shared/notifications.ts'
import { BACKGROUND_HEADERS, sqlOutbox } from '../_shared/outbox-db.ts'
import { requireProof, sqlConsume } from '../_shared/proof-of-work.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const options = { auth: { persistSession: false, autoRefreshToken: false } }
const admin = createClient(env.supabaseUrl, env.serviceRoleKey, options)
// Delivery runs after the answer: its database work waits behind the finders' requests.
const delivery = createClient(env.supabaseUrl, env.serviceRoleKey, {
  ...options,
  global: { headers: BACKGROUND_HEADERS },
})

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
    checkProof: (proof) =>
      requireProof(proof, { secret: env.serviceRoleKey, consume: sqlConsume(admin) }),
    createReport: async (args, clientAddress) => {
      const call = admin.rpc('create_found_report_once', args)
      const { data, error } = await (clientAddress
        ? call.setHeader('x-client-address', clientAddress)
        : call)
      return { data, error }
    },
    db: sqlOutbox(delivery),
    providers: httpProviders(readProviderConfig(Deno.env)),
    runInBackground,
  }),
)
