/**
 * check-photo: the one way a photo gets into Storage. Members cannot write into
 * chat-photos or item-photos (no insert policy since the migration
 * photos_checked_on_the_server); they send the photo here, and this function:
 *   1. verifies the caller (a signed-in owner or an anonymous finder);
 *   2. reads the bytes (at most MAX_UPLOAD_BYTES) and refuses anything whose
 *      first bytes are not a JPEG, PNG or WebP file, whatever type was declared;
 *   3. decodes it as that format and re-encodes it as a JPEG without metadata,
 *      upright, at most 1600 px (photo-codec.ts, ImageMagick's wasm build);
 *   4. asks reserve_photo_upload(bucket, name, bytes) as the caller: may they
 *      put a photo there (a member of the open chat in their own folder, the
 *      item's owner), and are they within the unsent-photo limits;
 *   5. stores the re-encoded JPEG as the service role (never overwriting).
 * The message (or the item's photo_path) refers to the name only after this
 * answered 200, so the other side only ever downloads the re-encoded image.
 *
 * POST ?bucket=chat-photos|item-photos&name=<folders>/<uuid>.jpg with the photo's
 * bytes as the body (whatever Content-Type: the bytes decide), with the caller's JWT.
 * 200 { path } | 400 bad_request | 401 unauthorized | 403 forbidden |
 * 409 conflict | 413 too_large | 415 not_an_image | 422 unreadable |
 * 429 too_many_photos (Retry-After) | 500 internal_error.
 */
import type { FunctionErrorCode } from '../_shared/error-codes.ts'
import { type CallerEnv, requireUser } from '../_shared/caller.ts'
import { HttpError, json, withHttp } from '../_shared/http.ts'
import { reencodePhoto, sniffPhoto, UnreadablePhotoError } from './photo-codec.ts'

/** The buckets' size limit (supabase/config.toml): a larger upload is refused unread. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024

const BUCKETS = ['chat-photos', 'item-photos'] as const
type Bucket = (typeof BUCKETS)[number]

/** <folder>[/<folder>]/<uuid>.jpg: the stored photo is always a JPEG. */
const NAME = /^([0-9a-f-]{36}\/){1,2}[0-9a-f-]{36}\.jpg$/

export type RpcError = { message: string; details?: string | null; code?: string | null }

export type CheckPhotoDeps = {
  allowedOrigins: readonly string[]
  /** @supabase/server's environment (tests); the platform's variables otherwise. */
  callerEnv?: CallerEnv
  /** reserve_photo_upload as the caller (their Authorization header). */
  reserve(
    authorization: string,
    args: { bucket: Bucket; name: string; bytes: number },
  ): Promise<{ error: RpcError | null }>
  /** Stores the checked JPEG as the service role, without overwriting; 'exists' if the name is taken. */
  store(bucket: Bucket, name: string, jpeg: Uint8Array): Promise<'stored' | 'exists'>
}

/** The refusals' codes (_shared/error-codes.ts): the app says them in its words. */
export const MESSAGES = {
  signIn: 'sign_in_required',
  badRequest: 'photo_missing',
  notYours: 'photo_not_allowed',
  exists: 'photo_exists',
  tooLarge: 'photo_too_large',
  notAnImage: 'not_an_image',
  unreadable: 'photo_unreadable',
  tooMany: 'too_many_photos',
} as const satisfies Record<string, FunctionErrorCode>

const DEFAULT_RETRY_AFTER_SECONDS = 3600

/** The body's bytes, refusing more than MAX_UPLOAD_BYTES without reading them all. */
async function readBytes(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_UPLOAD_BYTES) {
    throw new HttpError(413, 'too_large', MESSAGES.tooLarge, {}, String(MAX_UPLOAD_BYTES))
  }
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_UPLOAD_BYTES) {
        await reader.cancel()
        throw new HttpError(413, 'too_large', MESSAGES.tooLarge, {}, String(MAX_UPLOAD_BYTES))
      }
      chunks.push(value)
    }
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

async function readUpload(
  request: Request,
): Promise<{ bucket: Bucket; name: string; bytes: Uint8Array }> {
  const query = new URL(request.url).searchParams
  const bucket = query.get('bucket')
  const name = query.get('name')
  if (
    bucket === null ||
    !(BUCKETS as readonly string[]).includes(bucket) ||
    name === null ||
    !NAME.test(name) ||
    (bucket === 'item-photos') !== (name.split('/').length === 2)
  ) {
    throw new HttpError(400, 'bad_request', MESSAGES.badRequest)
  }
  const bytes = await readBytes(request)
  if (bytes.byteLength === 0) throw new HttpError(400, 'bad_request', MESSAGES.badRequest)
  return { bucket: bucket as Bucket, name, bytes }
}

function refusal(error: RpcError): HttpError | Error {
  if (error.message === 'too_many_photos') {
    const seconds = Number(error.details)
    const retryAfter =
      Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS
    return new HttpError(429, 'too_many_photos', MESSAGES.tooMany, {
      'Retry-After': String(retryAfter),
    })
  }
  if (error.message === 'photo_not_allowed')
    return new HttpError(403, 'forbidden', MESSAGES.notYours)
  return new Error(`reserve_photo_upload: ${error.message}`)
}

export function createHandler(deps: CheckPhotoDeps): (request: Request) => Promise<Response> {
  return withHttp(
    deps.allowedOrigins,
    requireUser({ refusal: MESSAGES.signIn, env: deps.callerEnv }, async (request) => {
      const { bucket, name, bytes } = await readUpload(request)
      const format = sniffPhoto(bytes)
      if (!format) throw new HttpError(415, 'not_an_image', MESSAGES.notAnImage)
      let jpeg: Uint8Array
      try {
        jpeg = await reencodePhoto(bytes, format)
      } catch (error) {
        if (error instanceof UnreadablePhotoError) {
          throw new HttpError(422, 'unreadable', MESSAGES.unreadable)
        }
        throw error
      }
      const authorization = request.headers.get('authorization') ?? ''
      const { error } = await deps.reserve(authorization, { bucket, name, bytes: jpeg.byteLength })
      if (error) {
        throw refusal(error)
      }
      if ((await deps.store(bucket, name, jpeg)) === 'exists') {
        throw new HttpError(409, 'conflict', MESSAGES.exists)
      }
      return json({ path: name })
    }),
  )
}
