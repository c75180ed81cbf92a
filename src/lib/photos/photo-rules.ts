/**
 * The photo rules of the app, in one place. The buckets' own limits are in
 * supabase/config.toml ([storage.buckets.*]: 5 MiB, JPEG: what check-photo
 * stores), the server's checks in supabase/functions/check-photo, and the
 * number of photos a message may carry in SQL (messages_photo_paths_count);
 * the app re-encodes every photo well under the first and mirrors the second.
 */

/** The buckets declared in supabase/config.toml. */
export type PhotoBucket = 'chat-photos' | 'item-photos'

/** Photos are re-encoded to at most this many pixels on their long side. */
export const MAX_PHOTO_EDGE = 1600

/** JPEG quality of the re-encoded photo (0..1). */
export const PHOTO_JPEG_QUALITY = 0.82

/** A chosen file larger than this is refused before it is read (a phone photo is 2–8 MB). */
export const MAX_CHOSEN_PHOTO_BYTES = 25 * 1024 * 1024

/** Photos one message may carry (public.messages' messages_photo_paths_count). */
export const MAX_PHOTOS_PER_MESSAGE = 3

/**
 * Signed URLs for showing a photo last this long (seconds): minutes, so a
 * link copied before a photo was deleted stops working soon even where the
 * object could not be removed at once; the app renews them while it shows the
 * photo (use-photo-url.ts).
 */
export const PHOTO_URL_SECONDS = 5 * 60

/** The app asks for a new signed URL this long after the last one (before it ends). */
export const PHOTO_URL_REFRESH_SECONDS = PHOTO_URL_SECONDS - 60

/** What the person is told, in the product's words. */
export const PHOTO_MESSAGES = {
  notAnImage: 'This file is not a photo we can use. Please choose a JPEG, PNG or WebP photo.',
  tooLarge: 'This photo is too large (over 25 MB). Please choose a smaller one.',
  heic: 'This photo is in HEIC format, which this browser cannot open. On an iPhone, set Settings › Camera › Formats to "Most Compatible" (JPEG) and choose the photo again, or choose a JPEG copy of it.',
  unreadable: 'This photo could not be read. Please choose another one.',
  tooMany: `You can attach up to ${MAX_PHOTOS_PER_MESSAGE} photos to a message.`,
  notUploaded: 'Not uploaded. Check your connection and press Retry.',
  stillUploading: 'Please wait until your photos have uploaded.',
  fixPhotos: 'A photo was not uploaded. Press Retry on it, or remove it.',
} as const
