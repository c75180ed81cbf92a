import { parseFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)

Deno.serve(createHandler({ allowedOrigins: env.allowedOrigins, secret: env.serviceRoleKey }))
