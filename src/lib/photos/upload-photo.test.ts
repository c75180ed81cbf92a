import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@/testing/server'
import { PhotoUploadRefusedError, uploadPhoto } from '@/lib/photos/upload-photo'

const refuse = (status: number, code: string, message: string) =>
  server.use(
    http.post('*/functions/v1/check-photo', () =>
      HttpResponse.json({ error: { code, message } }, { status }),
    ),
  )

const upload = () => uploadPhoto('chat-photos', 'c1/u1/p.jpg', new Blob([new Uint8Array([1])]))

describe('uploadPhoto', () => {
  it('turns check-photo’s refusal code into the product’s words', async () => {
    refuse(415, 'unsupported_media_type', 'not_an_image')
    const error = await upload().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PhotoUploadRefusedError)
    expect((error as Error).message).toBe(
      'This file is not a photo we can use. Please choose a JPEG, PNG or WebP photo.',
    )
  })

  it('never shows a code it does not know: that is a failure to retry, not words', async () => {
    refuse(400, 'invalid_input', 'a_code_from_a_newer_server')
    const error = await upload().catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(PhotoUploadRefusedError)
  })
})
