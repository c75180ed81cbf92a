/**
 * Removing the photos that must go (public.photos_to_delete(): photos of chats
 * whose finder data was purged or which are gone with an owner's account,
 * photos never sent, photos of items that are gone) through the Storage API, as
 * the service role. Storage refuses `delete from storage.objects` in SQL, so
 * this is the one way photos leave: purge-photos runs it on its schedule, and
 * delete-my-details in the same request as a finder's deletion, so the signed
 * URLs handed out before stop working at once.
 */

export type PhotoObject = { bucket_id: string; name: string }

/** What removing needs of Supabase: the list, and Storage's remove. */
export type PhotoStore = {
  photosToDelete(maxRows: number): Promise<PhotoObject[]>
  /** Removes names from a bucket; returns the names Storage removed. */
  remove(bucket: string, names: string[]): Promise<string[]>
}

/** Removes every due photo, in batches, bucket by bucket; a bucket that fails is counted and left for the next run. */
export async function removeDuePhotos(
  store: PhotoStore,
  batchSize = 500,
): Promise<{ removed: number; failed: number }> {
  let removed = 0
  let failed = 0
  // Keep going while full batches come back, so a backlog drains in one run.
  for (let round = 0; round < 20; round += 1) {
    const due = await store.photosToDelete(batchSize)
    const byBucket = new Map<string, string[]>()
    for (const photo of due) {
      byBucket.set(photo.bucket_id, [...(byBucket.get(photo.bucket_id) ?? []), photo.name])
    }
    let removedNow = 0
    for (const [bucket, names] of byBucket) {
      try {
        removedNow += (await store.remove(bucket, names)).length
      } catch (error) {
        failed += names.length
        console.error(
          `Removing ${names.length} photos from ${bucket} failed; the next run tries again`,
          error,
        )
      }
    }
    removed += removedNow
    if (due.length < batchSize || removedNow === 0) break
  }
  return { removed, failed }
}

/** The store on a service-role supabase-js client. */
export function storageStore(admin: {
  rpc(
    name: 'photos_to_delete',
    args: { max_rows: number },
  ): PromiseLike<{
    data: unknown
    error: { message: string } | null
  }>
  storage: {
    from(bucket: string): {
      remove(names: string[]): Promise<{
        data: { name: string }[] | null
        error: { message: string } | null
      }>
    }
  }
}): PhotoStore {
  return {
    async photosToDelete(maxRows) {
      const { data, error } = await admin.rpc('photos_to_delete', { max_rows: maxRows })
      if (error) throw new Error(`photos_to_delete: ${error.message}`)
      return (data ?? []) as PhotoObject[]
    },
    async remove(bucket, names) {
      const { data, error } = await admin.storage.from(bucket).remove(names)
      if (error) throw new Error(`remove from ${bucket}: ${error.message}`)
      return (data ?? []).map((row) => row.name)
    },
  }
}
