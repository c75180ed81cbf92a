/**
 * The bytes of an upload, as Storage reads them (storage-api `uploader.ts`):
 * multipart/form-data takes the first file part (its type, or a `contentType`
 * field; `cacheControl` N → `max-age=N`; `metadata` JSON → user_metadata), any
 * other body is the file itself (Content-Type, Cache-Control, x-metadata
 * base64 JSON). Nothing past the size limit is kept in memory.
 */
import { isRecord } from '../is-record.ts'
import { BodyTooLarge, readLimitedBytes } from '../request-limits.ts'
import { storageErrors } from './errors.ts'

export type UploadBody = {
  bytes: Uint8Array
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** Room for a multipart body's boundaries and text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024

async function readUpTo(request: Request, limit: number): Promise<Uint8Array> {
  try {
    return await readLimitedBytes(request, limit)
  } catch (error) {
    if (error instanceof BodyTooLarge) throw storageErrors.entityTooLarge()
    throw error
  }
}

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

export async function readUploadBody(request: Request, sizeLimit: number): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? ''
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    const raw = await readUpTo(request, sizeLimit + MULTIPART_OVERHEAD)
    let form: FormData
    try {
      form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': contentType },
      }).formData()
    } catch {
      throw storageErrors.invalidRequest('No content provided')
    }
    const files: File[] = []
    form.forEach((value) => {
      if (typeof value !== 'string') files.push(value)
    })
    const file = files[0]
    if (!file) throw storageErrors.invalidRequest('No content provided')
    if (file.size > sizeLimit) throw storageErrors.entityTooLarge()
    const fieldText = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' ? value : null
    }
    const cacheControl = fieldText('cacheControl')
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: fieldText('contentType') || file.type || 'text/plain;charset=UTF-8',
      cacheControl: cacheControl ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: parseMetadata(fieldText('metadata') ?? fieldText('userMetadata')),
    }
  }
  const bytes = await readUpTo(request, sizeLimit)
  const encoded = request.headers.get('x-metadata')
  return {
    bytes,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    userMetadata: encoded ? parseMetadata(Buffer.from(encoded, 'base64').toString('utf8')) : null,
  }
}

/** Storage's rule: `type/subtype` equal, or `type/*`, parameters kept (so `text/plain;charset=…` ≠ `text/plain`). */
export function mimeTypeAllowed(mimetype: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const cut = mimetype.indexOf('/')
  const type = mimetype.slice(0, cut)
  const subtype = mimetype.slice(cut + 1)
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}
