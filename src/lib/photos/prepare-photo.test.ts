import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fitWithin, PhotoRefusedError, preparePhoto } from '@/lib/photos/prepare-photo'
import { MAX_CHOSEN_PHOTO_BYTES, PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { sniffImageBytes } from '@/lib/photos/sniff-image'
import {
  chosenFile,
  HEIC_BYTES,
  installBrowserImages,
  JPEG_BYTES,
  SVG_TEXT,
  type BrowserImages,
} from '@/testing/browser-images'

let images: BrowserImages
beforeEach(() => {
  images = installBrowserImages()
})
afterEach(() => images.restore())

async function refusal(file: File): Promise<PhotoRefusedError> {
  const error = await preparePhoto(file).then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(PhotoRefusedError)
  return error as PhotoRefusedError
}

describe('preparePhoto', () => {
  it('re-encodes a phone photo as a JPEG of at most 1600 px on the long side', async () => {
    const prepared = await preparePhoto(chosenFile(JPEG_BYTES, 'IMG_0001.JPG', 'image/jpeg'))
    expect(prepared).toMatchObject({ width: 1600, height: 1200 })
    expect(prepared.blob.type).toBe('image/jpeg')
    expect(images.encodes).toEqual([
      { width: 1600, height: 1200, type: 'image/jpeg', quality: 0.82 },
    ])
  })

  it('goes by the bytes, not the name or declared type: a JPEG named .png is fine', async () => {
    const prepared = await preparePhoto(chosenFile(JPEG_BYTES, 'photo.png', ''))
    expect(prepared.blob.type).toBe('image/jpeg')
  })

  it('refuses a file whose bytes are not an image, whatever its name says', async () => {
    const pdf = chosenFile('%PDF-1.7\n1 0 obj << >> endobj\n', 'rucksack.jpg', 'image/jpeg')
    const error = await refusal(pdf)
    expect(error.message).toBe(PHOTO_MESSAGES.notAnImage)
    expect(images.encodes).toEqual([])
  })

  it('refuses an SVG', async () => {
    const error = await refusal(chosenFile(SVG_TEXT, 'drawing.svg', 'image/svg+xml'))
    expect(error.message).toBe(PHOTO_MESSAGES.notAnImage)
  })

  it('refuses a file over 25 MB before reading it', async () => {
    const big = new Uint8Array(MAX_CHOSEN_PHOTO_BYTES + 1)
    big.set(JPEG_BYTES)
    const error = await refusal(chosenFile(big, 'huge.jpg', 'image/jpeg'))
    expect(error.message).toBe(PHOTO_MESSAGES.tooLarge)
    expect(images.encodes).toEqual([])
  })

  it('says plainly when the browser cannot open a HEIC photo, and how to get a JPEG', async () => {
    const error = await refusal(chosenFile(HEIC_BYTES, 'IMG_0002.HEIC', 'image/heic'))
    expect(error.message).toBe(PHOTO_MESSAGES.heic)
    expect(error.message).toContain('"Most Compatible"')
  })
})

describe('fitWithin', () => {
  it('scales the long side down to 1600 px, portrait or landscape, and never enlarges', () => {
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 })
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
  })
})

describe('sniffImageBytes', () => {
  const bytes = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)))
  it('knows JPEG, PNG, WebP and HEIC by their first bytes', () => {
    expect(sniffImageBytes(JPEG_BYTES)).toBe('jpeg')
    expect(sniffImageBytes(bytes('\x89PNG\r\n\x1a\n\0\0\0\rIHDR'))).toBe('png')
    expect(sniffImageBytes(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp')
    expect(sniffImageBytes(HEIC_BYTES)).toBe('heic')
    expect(sniffImageBytes(bytes(SVG_TEXT))).toBeNull()
    expect(sniffImageBytes(bytes('GIF'))).toBeNull()
  })
})
