/**
 * What a file's first bytes say it is, whatever its name or declared type
 * claims: a renamed PDF or an SVG (text) is not an image we decode.
 */
export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic' | null

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

/** The image format of these leading bytes (at least 16), or null for anything else. */
export function sniffImageBytes(bytes: Uint8Array): SniffedImage {
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12)
    if (AVIF_BRANDS.has(brand)) return 'avif'
    if (HEIC_BRANDS.has(brand)) return 'heic'
  }
  return null
}

/** Reads a file's leading bytes and sniffs them. */
export async function sniffImage(file: Blob): Promise<SniffedImage> {
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer())
  return sniffImageBytes(head)
}
