/**
 * Photos for the stack tests: a real (tiny) JPEG, the same with a phone's Exif
 * GPS block, a look at a JPEG's segments, and the app's way of storing a photo
 * (the check-photo Edge Function, as src/lib/photos/upload-photo.ts calls it).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { FunctionsHttpError } from '@supabase/supabase-js'

/** A 16 x 12 green JPEG (JFIF), written by ImageMagick for these tests. */
export const SMALL_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCADoD/2Q==',
  'base64',
)

/**
 * An APP1 Exif segment with a GPS IFD (GPSVersionID 2.2, GPSLatitudeRef N), as a
 * phone camera writes one: big-endian TIFF, IFD0 holding only the GPSInfo pointer.
 */
export function exifGpsSegment(): Buffer {
  const tiff = Buffer.alloc(56)
  tiff.write('MM', 0, 'latin1')
  tiff.writeUInt16BE(42, 2)
  tiff.writeUInt32BE(8, 4)
  tiff.writeUInt16BE(1, 8) // IFD0: one entry
  tiff.writeUInt16BE(0x8825, 10) // GPSInfo
  tiff.writeUInt16BE(4, 12) // LONG
  tiff.writeUInt32BE(1, 14)
  tiff.writeUInt32BE(26, 18) // GPS IFD at 26
  tiff.writeUInt32BE(0, 22)
  tiff.writeUInt16BE(2, 26) // GPS IFD: two entries
  tiff.writeUInt16BE(0x0000, 28) // GPSVersionID, BYTE x4
  tiff.writeUInt16BE(1, 30)
  tiff.writeUInt32BE(4, 32)
  Buffer.from([2, 2, 0, 0]).copy(tiff, 36)
  tiff.writeUInt16BE(0x0001, 40) // GPSLatitudeRef, ASCII x2
  tiff.writeUInt16BE(2, 42)
  tiff.writeUInt32BE(2, 44)
  tiff.write('N\0', 48, 'latin1')
  tiff.writeUInt32BE(0, 52)
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const header = Buffer.alloc(4)
  header.writeUInt16BE(0xffe1, 0)
  header.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([header, body])
}

/** A JPEG with the Exif GPS segment right after SOI. */
export const withExifGps = (jpeg: Buffer) =>
  Buffer.concat([jpeg.subarray(0, 2), exifGpsSegment(), jpeg.subarray(2)])

/**
 * The marker of each segment of a JPEG up to its scan (SOS), read as a decoder
 * does; throws when the bytes are not a well-formed JPEG that far.
 */
export function jpegSegments(bytes: Buffer): number[] {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG: no SOI')
  const markers: number[] = []
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`not a JPEG: no marker at ${at}`)
    const marker = bytes[at + 1] as number
    markers.push(marker)
    if (marker === 0xda) return markers
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  throw new Error('not a JPEG: no scan')
}

/** APP1 (Exif or XMP), APP13 (IPTC), COM: where a JPEG carries metadata. */
export const METADATA_MARKERS = [0xe1, 0xed, 0xfe]

/** Stores a photo the app's way: check-photo, as the member. Answers the HTTP status and body. */
export async function checkPhoto(
  member: SupabaseClient,
  bucket: 'chat-photos' | 'item-photos',
  name: string,
  bytes: Uint8Array,
  declaredType = 'image/jpeg',
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const query = new URLSearchParams({ bucket, name })
  const { data, error } = await member.functions.invoke(`check-photo?${query}`, {
    body: new Blob([new Uint8Array(bytes)], { type: declaredType }),
  })
  if (!error) return { status: 200, body: data, retryAfter: null }
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response
    return {
      status: response.status,
      body: await response.json(),
      retryAfter: response.headers.get('retry-after'),
    }
  }
  throw error
}
