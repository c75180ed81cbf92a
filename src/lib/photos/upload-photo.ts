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

/** The server refused the photo (not an image, too many unsent photos…): in words. */
export class PhotoUploadRefusedError extends Error {}

/** check-photo's refusal codes (supabase/functions/_shared/error-codes.ts) in the product's words. */
export const PHOTO_REFUSAL_TEXT: Readonly<Record<string, string>> = {
  sign_in_required: 'Please open the chat again to send photos.',
  photo_missing: 'Please choose a photo to send.',
  photo_not_allowed: 'You cannot add photos here.',
  photo_exists: 'This photo has already been uploaded.',
  photo_too_large: 'This photo is too large (over 5 MB). Please choose a smaller one.',
  not_an_image: 'This file is not a photo we can use. Please choose a JPEG, PNG or WebP photo.',
  photo_unreadable: 'This photo could not be read. Please choose another one.',
  too_many_photos:
    'You have uploaded many photos that were not sent. Please send them or try again later.',
}

async function refusalOf(response: unknown): Promise<string | null> {
  if (!(response instanceof Response) || response.status >= 500) return null
  try {
    const body: unknown = await response.json()
    const code = (body as { error?: { message?: unknown } } | null)?.error?.message
    if (typeof code !== 'string' || !code) return null
    return Object.hasOwn(PHOTO_REFUSAL_TEXT, code) ? PHOTO_REFUSAL_TEXT[code]! : null
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
