import { browserImageCodec, type ImageCodec } from '@/lib/photos/image-codec'
import {
  MAX_CHOSEN_PHOTO_BYTES,
  MAX_PHOTO_EDGE,
  PHOTO_JPEG_QUALITY,
  PHOTO_MESSAGES,
} from '@/lib/photos/photo-rules'
import { sniffImage } from '@/lib/photos/sniff-image'

/** A photo ready to upload: a JPEG of at most MAX_PHOTO_EDGE px, with no metadata. */
export type PreparedPhoto = { blob: Blob; width: number; height: number }

/** A chosen file we refuse; `message` is what the person is told. */
export class PhotoRefusedError extends Error {
  constructor(
    readonly reason: keyof typeof PHOTO_MESSAGES,
    readonly fileName: string,
  ) {
    super(PHOTO_MESSAGES[reason])
    this.name = 'PhotoRefusedError'
  }
}

/** The size that fits within MAX_PHOTO_EDGE on the long side, never enlarged. */
export function fitWithin(width: number, height: number, edge = MAX_PHOTO_EDGE) {
  const scale = Math.min(1, edge / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/**
 * Checks a chosen file and re-encodes it in the browser: its bytes must be an
 * image (not its name or declared type), under MAX_CHOSEN_PHOTO_BYTES, and one
 * this browser decodes (HEIC often is not, outside Safari). The result is a new
 * JPEG drawn from the pixels alone, so EXIF and GPS do not survive.
 */
export async function preparePhoto(
  file: File,
  codec: ImageCodec = browserImageCodec,
): Promise<PreparedPhoto> {
  if (file.size > MAX_CHOSEN_PHOTO_BYTES) throw new PhotoRefusedError('tooLarge', file.name)
  const format = await sniffImage(file)
  if (!format) throw new PhotoRefusedError('notAnImage', file.name)
  let image
  try {
    image = await codec.decode(file)
  } catch {
    throw new PhotoRefusedError(format === 'heic' ? 'heic' : 'unreadable', file.name)
  }
  try {
    const size = fitWithin(image.width, image.height)
    const blob = await codec.encodeJpeg(image, size.width, size.height, PHOTO_JPEG_QUALITY)
    return { blob, ...size }
  } finally {
    image.close()
  }
}
