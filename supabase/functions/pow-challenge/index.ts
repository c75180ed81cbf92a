import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { parseFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'
import { sqlCountIssue } from './issue-limit.ts'

const env = parseFunctionEnv(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    secret: env.secretKey,
    countIssue: sqlCountIssue(admin),
  }),
)
