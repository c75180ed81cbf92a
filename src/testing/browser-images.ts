import { sniffImageBytes } from '@/lib/photos/sniff-image'

/**
 * jsdom has no image decoder, canvas or object URLs. This stands in for the
 * browser's: createImageBitmap decodes what the bytes say is a JPEG, PNG or
 * WebP (as 4000 x 3000, a phone photo) and refuses anything else (HEIC, as
 * Chromium does); a canvas records what is drawn and encodes a tiny JPEG.
 * Real decoding and EXIF stripping are proven in Chromium (tests/e2e/photos.spec.ts).
 */
export type BrowserImages = {
  /** Every canvas encode: the size drawn at and the type and quality asked for. */
  encodes: { width: number; height: number; type: string; quality: number | undefined }[]
  restore: () => void
}

/** Bytes that start like a JPEG (SOI, then JFIF). */
export const JPEG_BYTES = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
])

/** A HEIC file's first bytes (ftyp box, brand heic). */
export const HEIC_BYTES = new Uint8Array([
  0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0x00, 0x00, 0x00, 0x00,
  0x6d, 0x69, 0x66, 0x31, 0x68, 0x65, 0x69, 0x63,
])

export const SVG_TEXT =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'

export function installBrowserImages(): BrowserImages {
  const encodes: BrowserImages['encodes'] = []
  const saved = {
    createImageBitmap: globalThis.createImageBitmap,
    getContext: HTMLCanvasElement.prototype.getContext,
    toBlob: HTMLCanvasElement.prototype.toBlob,
    createObjectURL: URL.createObjectURL,
    revokeObjectURL: URL.revokeObjectURL,
  }
  globalThis.createImageBitmap = (async (source: Blob) => {
    const head = new Uint8Array(await source.slice(0, 32).arrayBuffer())
    const format = sniffImageBytes(head)
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError')
    }
    return { width: 4000, height: 3000, close: () => undefined }
  }) as unknown as typeof createImageBitmap
  HTMLCanvasElement.prototype.getContext = function getContext() {
    return {
      fillRect: () => undefined,
      drawImage: () => undefined,
      fillStyle: '',
      imageSmoothingQuality: 'low',
    }
  } as unknown as typeof HTMLCanvasElement.prototype.getContext
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback, type = 'image/png', quality) {
    encodes.push({ width: this.width, height: this.height, type, quality: quality as number })
    const blob = new Blob([JPEG_BYTES], { type })
    setTimeout(() => callback(blob), 0)
  }
  let next = 0
  URL.createObjectURL = () => `blob:http://localhost/photo-${++next}`
  URL.revokeObjectURL = () => undefined
  return {
    encodes,
    restore: () => {
      globalThis.createImageBitmap = saved.createImageBitmap
      HTMLCanvasElement.prototype.getContext = saved.getContext
      HTMLCanvasElement.prototype.toBlob = saved.toBlob
      URL.createObjectURL = saved.createObjectURL
      URL.revokeObjectURL = saved.revokeObjectURL
    },
  }
}

/** A file as a person would choose it. */
export function chosenFile(
  bytes: Uint8Array<ArrayBuffer> | string,
  name: string,
  type: string,
): File {
  return new File([bytes], name, { type })
}
