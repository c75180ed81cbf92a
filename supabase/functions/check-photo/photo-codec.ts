/**
 * The server's own look at a photo's bytes, with ImageMagick's WebAssembly
 * build (magick-wasm, as Supabase documents for image work in Edge Functions):
 * the first bytes must be those of a JPEG, PNG or WebP file (whatever type was
 * declared), the image is then decoded as that format and no other (so SVG,
 * HTML, MVG or any of ImageMagick's other readers never run), and re-encoded
 * as a JPEG without metadata: Exif (GPS included), XMP, IPTC and ICC profiles
 * and comments are dropped, the picture is turned upright first, transparency
 * is laid on white, and the long side is at most MAX_PHOTO_EDGE pixels.
 *
 * The wasm is read from the npm package's own files (deno caches them with the
 * package), so nothing is fetched at run time and the function deploys as is.
 */
import {
  AlphaAction,
  ImageMagick,
  initializeImageMagick,
  MagickColor,
  MagickFormat,
  MagickReadSettings,
  ResourceLimits,
} from 'npm:@imagemagick/magick-wasm@0.0.43'

/** The long side of a stored photo, in pixels (the app re-encodes to the same). */
export const MAX_PHOTO_EDGE = 1600
/** JPEG quality of the stored photo (the app's PHOTO_JPEG_QUALITY is 0.82). */
export const PHOTO_JPEG_QUALITY = 82
/** Larger images are refused before they are decoded (a 48 MP phone photo is 8064 x 6048). */
export const MAX_SOURCE_PIXELS = 50_000_000
export const MAX_SOURCE_EDGE = 12_000

export type PhotoFormat = 'jpeg' | 'png' | 'webp'

/** The format the first bytes announce, or null for anything else (HTML, SVG, GIF, HEIC…). */
export function sniffPhoto(bytes: Uint8Array): PhotoFormat | null {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

const FORMATS: Record<PhotoFormat, MagickFormat> = {
  jpeg: MagickFormat.Jpeg,
  png: MagickFormat.Png,
  webp: MagickFormat.WebP,
}

let ready: Promise<void> | null = null

/** Loads the wasm once per worker, on the first photo. */
function initialize(): Promise<void> {
  ready ??= (async () => {
    const wasm = new URL(
      'x86/magick.wasm',
      import.meta.resolve('npm:@imagemagick/magick-wasm@0.0.43'),
    )
    await initializeImageMagick(await Deno.readFile(wasm))
    ResourceLimits.width = BigInt(MAX_SOURCE_EDGE)
    ResourceLimits.height = BigInt(MAX_SOURCE_EDGE)
    ResourceLimits.area = BigInt(MAX_SOURCE_PIXELS)
  })().catch((error) => {
    ready = null
    throw error
  })
  return ready
}

export class UnreadablePhotoError extends Error {}

/**
 * Decodes `bytes` as `format` and answers the re-encoded JPEG; throws
 * UnreadablePhotoError when the bytes do not decode as that format (or are
 * larger than MAX_SOURCE_PIXELS).
 */
export async function reencodePhoto(bytes: Uint8Array, format: PhotoFormat): Promise<Uint8Array> {
  await initialize()
  try {
    const settings = new MagickReadSettings({ format: FORMATS[format] })
    // libjpeg decodes a large JPEG at 1/2, 1/4 or 1/8 of its size straight away
    // (no smaller than this), which keeps a 12 MP photo well inside the CPU time
    // an Edge Function has; the resize below then does the rest.
    if (format === 'jpeg') {
      settings.setDefine(MagickFormat.Jpeg, 'size', `${MAX_PHOTO_EDGE}x${MAX_PHOTO_EDGE}`)
    }
    return ImageMagick.read(bytes, settings, (image) => {
      if (image.width < 1 || image.height < 1) throw new UnreadablePhotoError('empty image')
      image.autoOrient()
      if (image.hasAlpha) {
        image.backgroundColor = new MagickColor('white')
        image.alpha(AlphaAction.Remove)
      }
      if (Math.max(image.width, image.height) > MAX_PHOTO_EDGE) {
        image.resize(MAX_PHOTO_EDGE, MAX_PHOTO_EDGE)
      }
      image.strip()
      image.quality = PHOTO_JPEG_QUALITY
      return image.write(MagickFormat.Jpeg, (out) => Uint8Array.from(out))
    })
  } catch (error) {
    if (error instanceof UnreadablePhotoError) throw error
    throw new UnreadablePhotoError(error instanceof Error ? error.message : String(error))
  }
}
