import { createClient } from 'npm:@supabase/supabase-js@2.119.1'
import { clientAsCaller } from '../_shared/as-caller.ts'
import { parseFunctionEnv, publishableKeyOf } from '../_shared/env.ts'
import { removeDuePhotos, storageStore } from '../_shared/photo-purge.ts'
import { createHandler } from './handler.ts'

const env = parseFunctionEnv(Deno.env)
const publishableKey = publishableKeyOf(Deno.env)
const admin = createClient(env.supabaseUrl, env.secretKey, {
  auth: { persistSession: false, autoRefreshToken: false },
})

Deno.serve(
  createHandler({
    allowedOrigins: env.allowedOrigins,
    async deleteDetails(authorization, chatId) {
      // as the caller: delete_my_finder_details checks they are this chat's finder
      const asCaller = clientAsCaller(env.supabaseUrl, publishableKey, authorization)
      const { data, error } = await asCaller.rpc('delete_my_finder_details', { chat_id: chatId })
      return { data: data as boolean | null, error }
    },
    async removeDuePhotos() {
      const { failed } = await removeDuePhotos(storageStore(admin))
      if (failed > 0) throw new Error(`${failed} photos could not be removed`)
    },
  }),
)
