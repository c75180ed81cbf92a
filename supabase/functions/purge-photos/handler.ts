/**
 * purge-photos: removes the photos that must go (public.photos_to_delete():
 * photos of chats whose finder data was purged or which are gone with an
 * owner's account, photos never sent, photos of items that are gone) through
 * the Storage API, as the service role. Storage refuses `delete from
 * storage.objects` in SQL, so this is the one way photos leave, on hosted
 * Supabase and the local stack alike. For the project's secret key only
 * (`apikey`: a key of SUPABASE_SECRET_KEYS, or the legacy service_role key): the
 * purge-photos cron job sends the one in Vault; account deletion may call it too.
 * POST {} → 200 { removed, failed } | 401.
 */
import { type CallerEnv, requireSecretKey } from '../_shared/caller.ts'
import { json, withHttp } from '../_shared/http.ts'
import { type PhotoObject, type PhotoStore, removeDuePhotos } from '../_shared/photo-purge.ts'

export type { PhotoObject, PhotoStore }

export type PurgePhotosDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** SUPABASE_SERVICE_ROLE_KEY: accepted as a secret key too (projects whose Vault holds it). */
  legacyServiceRoleKey?: string
  store: PhotoStore
  batchSize?: number
}

export function createHandler(deps: PurgePhotosDeps): (request: Request) => Promise<Response> {
  const batchSize = deps.batchSize ?? 500
  const secretKeyOnly = {
    refusal: 'secret_key_required' as const,
    env: deps.callerEnv,
    ...(deps.legacyServiceRoleKey ? { legacyServiceRoleKey: deps.legacyServiceRoleKey } : {}),
  }
  return withHttp(
    deps.allowedOrigins,
    requireSecretKey(secretKeyOnly, async () => {
      const { removed, failed } = await removeDuePhotos(deps.store, batchSize)
      return json({ removed, failed })
    }),
  )
}
