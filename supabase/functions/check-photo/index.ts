import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { clientAsCaller } from '../_shared/as-caller.ts'
import { parseFunctionEnv, publishableKeyOf } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const publishableKey = publishableKeyOf(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    async reserve(authorization, args) {
      // as the caller: reserve_photo_upload reads who they are from their JWT
      const asCaller = clientAsCaller(env.supabaseUrl, publishableKey, authorization)
      const { error } = await asCaller.rpc('reserve_photo_upload', args)
      return { error }
    },
    async store(bucket, name, jpeg) {
      const { error } = await admin.storage
        .from(bucket)
        .upload(name, new Blob([jpeg.slice()], { type: 'image/jpeg' }), {
          contentType: 'image/jpeg',
          cacheControl: '3600',
          upsert: false,
        })
      if (!error) return 'stored'
      if ('statusCode' in error && error.statusCode === '409') return 'exists'
      throw new Error(`storing ${bucket}/${name}: ${error.message}`)
    },
  }),
)
