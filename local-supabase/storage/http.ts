/**
 * The HTTP shapes Storage answers in: JSON bodies, its error format, and the
 * pieces of a request every route reads (the bucket and key of a path, a JSON
 * body, the operation name its policies see).
 */
import type { Context } from 'hono'
import type { Logger } from 'pino'
import { isRecord } from '../is-record.ts'
import { fromDatabaseError, StorageError, storageErrors } from './errors.ts'
import { isSafeKey } from './files.ts'

/** storage-api's key rule (`storage/limits.ts` isValidKey). */
const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/

const JSON_TYPE = 'application/json; charset=utf-8'

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE } })
}

export function errorResponse(error: StorageError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.wireStatus,
    headers: { 'Content-Type': JSON_TYPE },
  })
}

/** `/object/<bucket>/<key…>` → bucket and the decoded key. */
export function split(rest: string): { bucket: string; key: string } {
  const segments = rest.split('/').map((segment) => decodeURIComponent(segment))
  const [bucket = '', ...key] = segments
  return { bucket, key: key.join('/') }
}

/** S3's limit on a key, in UTF-8 bytes. */
export const MAX_KEY_BYTES = 1024
/** A file name's limit on disk (NAME_MAX), which each segment of a key becomes here. */
export const MAX_SEGMENT_BYTES = 255

/**
 * storage-api's key rule, then the lengths: a key longer than S3 holds is
 * refused as hosted Storage refuses it (400, S3's KeyTooLongError); so is a
 * segment longer than a file name on disk, which the file backend could not
 * store (storage-api's file backend answers 500 there).
 */
export function checkKey(key: string): void {
  if (!VALID_KEY.test(key) || !isSafeKey(key)) throw storageErrors.invalidKey(key)
  if (
    Buffer.byteLength(key) > MAX_KEY_BYTES ||
    key.split('/').some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
  ) {
    throw storageErrors.keyTooLong()
  }
}

/** The part of the path after `prefix` (undecoded). */
export function after(c: Context, prefix: string): string {
  const path = new URL(c.req.url).pathname
  const at = path.indexOf(prefix)
  return path.slice(at + prefix.length)
}

export function param(c: Context, name: string): string {
  return c.req.param(name) ?? ''
}

/** What the policies on storage.objects see of this request (storage.operation). */
export function operation(c: Context, name: string) {
  return { method: c.req.method, path: c.req.path, operation: `storage.${name}` }
}

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.json()
    if (isRecord(value)) return value
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest('body must be object')
}

export function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw storageErrors.invalidParameter('expiresIn')
  }
  return value
}

/** A route's handler whose errors answer in Storage's format (an unknown one as 500). */
export function handler(log: Logger, fn: (c: Context) => Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    try {
      return await fn(c)
    } catch (error) {
      if (error instanceof StorageError) return errorResponse(error)
      const mapped = fromDatabaseError(error)
      if (mapped) return errorResponse(mapped)
      log.error({ err: error, path: c.req.path }, 'storage: error')
      return errorResponse(storageErrors.internal())
    }
  }
}
