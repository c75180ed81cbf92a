import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { runInBackground } from '../_shared/background.ts'
import { parseFunctionEnv } from '../_shared/env.ts'
import { httpProviders, readProviderConfig } from '../_shared/notifications.ts'
import { BACKGROUND_HEADERS, sqlOutbox } from '../_shared/outbox-db.ts'
import type { Database } from '../_shared/database.types.ts'
import { createHandler } from './handler.ts'
import { checkedProof } from './proof.ts'

const env = parseFunctionEnv(Deno.env)
const options = { auth: { persistSession: false, autoRefreshToken: false } }
const admin = createClient(env.supabaseUrl, env.secretKey, options)
// Delivery runs after the answer: its database work waits behind the finders' requests.
const delivery = createClient(env.supabaseUrl, env.secretKey, {
  ...options,
  global: { headers: BACKGROUND_HEADERS },
})

type ReportFoundRow = Database['public']['Functions']['report_found']['Returns'][number]

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    siteUrl: env.siteUrl,
    checkProof: (proof) => checkedProof(proof, env.secretKey),
    createReport: async (args, clientAddress) => {
      const call = admin.rpc('report_found', args)
      const { data, error } = await (clientAddress
        ? call.setHeader('x-client-address', clientAddress)
        : call)
      if (error) return { data: null, error }
      const rows = (data ?? []) as ReportFoundRow[]
      const refused = rows.find((row) => row.failure)
      if (refused?.failure) {
        return {
          data: null,
          error: {
            message: refused.failure,
            details: refused.failure_detail,
            hint: refused.failure_hint,
          },
        }
      }
      return { data: rows, error: null }
    },
    db: sqlOutbox(delivery),
    providers: httpProviders(readProviderConfig(Deno.env)),
    runInBackground,
  }),
)
