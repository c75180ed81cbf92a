import { supabase } from '@/lib/supabase'
import { PHOTO_URL_SECONDS, type PhotoBucket } from '@/lib/photos/photo-rules'

/**
 * A short-lived signed URL for a photo the caller may see (RLS on
 * storage.objects decides), or null when it is gone or not theirs to see
 * (Storage answers "Object not found" for both).
 */
export async function getPhotoUrl(bucket: PhotoBucket, path: string): Promise<string | null> {
  const { data, error } = await supabase.storage
    .from(bucket)
    .createSignedUrl(path, PHOTO_URL_SECONDS)
  if (!error) return data.signedUrl
  if ('statusCode' in error && error.statusCode === '404') return null
  throw error
}
