/**
 * The browser's own image decoder and JPEG encoder (createImageBitmap and a
 * canvas). Drawing a decoded image onto a canvas and encoding the canvas keeps
 * only pixels: EXIF, GPS and every other metadata block of the original are
 * not carried over.
 */
export type DecodedImage = { width: number; height: number; close: () => void }

export type ImageCodec = {
  /** Decodes a file, upright (EXIF orientation applied); rejects what it cannot decode. */
  decode: (file: Blob) => Promise<DecodedImage>
  /** Draws the decoded image at width x height and encodes it as JPEG. */
  encodeJpeg: (image: DecodedImage, width: number, height: number, quality: number) => Promise<Blob>
}

type BrowserDecoded = DecodedImage & { bitmap: ImageBitmap }

export const browserImageCodec: ImageCodec = {
  async decode(file) {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const decoded: BrowserDecoded = {
      bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    }
    return decoded
  },
  encodeJpeg(image, width, height, quality) {
    const { bitmap } = image as BrowserDecoded
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return Promise.reject(new Error('canvas 2d context unavailable'))
    // A transparent PNG would turn black in JPEG: paint it on white.
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    return new Promise((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('canvas could not encode JPEG'))),
        'image/jpeg',
        quality,
      )
    })
  },
}
