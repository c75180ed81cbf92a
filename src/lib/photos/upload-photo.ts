import { supabase } from '@/lib/supabase'
import type { PhotoBucket } from '@/lib/photos/photo-rules'

/**
 * A new object name in a bucket's folder: `<folder>/<uuid>.jpg`, the shape the
 * storage.objects policies accept (app_private.photo_name_ok).
 */
export function newPhotoPath(folder: string): string {
  return `${folder}/${crypto.randomUUID()}.jpg`
}

/** Uploads a re-encoded photo; never overwrites (a fresh name every time). Throws Storage's error. */
export async function uploadPhoto(bucket: PhotoBucket, path: string, photo: Blob): Promise<string> {
  const { data, error } = await supabase.storage.from(bucket).upload(path, photo, {
    contentType: 'image/jpeg',
    cacheControl: '3600',
    upsert: false,
  })
  if (error) throw error
  return data.path
}
