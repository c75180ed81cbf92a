import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { PhotoBucket } from '@/lib/photos/photo-rules'

/**
 * A new object name in a bucket's folder: `<folder>/<uuid>.jpg`, the shape the
 * check-photo function and the storage.objects policies accept.
 */
export function newPhotoPath(folder: string): string {
  return `${folder}/${crypto.randomUUID()}.jpg`
}

/** The server refused the photo (not an image, too many unsent photos…): its words. */
export class PhotoUploadRefusedError extends Error {}

async function refusalOf(response: unknown): Promise<string | null> {
  if (!(response instanceof Response) || response.status >= 500) return null
  try {
    const body: unknown = await response.json()
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message
    return typeof message === 'string' && message ? message : null
  } catch {
    return null
  }
}

/**
 * Sends a photo to the check-photo Edge Function, which checks its bytes,
 * re-encodes it without metadata and stores it at `path` (members cannot write
 * into the buckets themselves); never overwrites. Throws PhotoUploadRefusedError
 * with the server's words for a refusal, anything else for a failure to retry.
 */
export async function uploadPhoto(bucket: PhotoBucket, path: string, photo: Blob): Promise<string> {
  const query = new URLSearchParams({ bucket, name: path })
  const { data, error } = await supabase.functions.invoke<{ path: string }>(
    `check-photo?${query}`,
    { body: photo },
  )
  if (error) {
    const refusal = error instanceof FunctionsHttpError ? await refusalOf(error.context) : null
    if (refusal) throw new PhotoUploadRefusedError(refusal)
    throw error
  }
  if (!data?.path) throw new Error('check-photo answered without a path')
  return data.path
}
