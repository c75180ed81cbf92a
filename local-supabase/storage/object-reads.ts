/**
 * Reading objects: downloads (as the caller, or with a signed URL's token),
 * signed URLs, an object's info and listings. Rows are read as the caller, so
 * RLS decides what exists for them.
 */
import type { Context } from 'hono'
import { asCaller, resolveCaller } from './caller.ts'
import { bucketOrFail, type StorageAppDeps } from './deps.ts'
import { StorageError, storageErrors } from './errors.ts'
import { errorResponse, expiresInOf, json, operation, readJson, split } from './http.ts'
import { listEntries, parseListRequest } from './listing.ts'
import { findObject, findObjects, objectsUnder, type ObjectRow } from './objects.ts'
import { signObjectToken, verifyObjectToken } from './tokens.ts'

function infoBody(row: ObjectRow) {
  const metadata = row.metadata ?? {}
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadata.size ?? null,
    content_type: metadata.mimetype ?? null,
    cache_control: metadata.cacheControl ?? null,
    etag: metadata.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}

function contentDisposition(download: string): string {
  return download
    ? `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`
    : 'attachment;'
}

async function serveBytes(
  deps: StorageAppDeps,
  c: Context,
  row: ObjectRow,
  headers: Record<string, string>,
): Promise<Response> {
  const bytes = row.version ? await deps.files.read(row.bucket_id, row.name, row.version) : null
  if (!bytes) {
    // the row is there, its bytes are not (storage-api answers this for a missing file)
    const response = errorResponse(
      new StorageError(404, 'NoSuchKey', 'Not found', 'The resource was not found'),
    )
    response.headers.set('Cache-Control', 'no-store')
    return response
  }
  const metadata = row.metadata ?? {}
  const download = c.req.query('download')
  const result: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': String(metadata.mimetype ?? 'application/octet-stream'),
    'Content-Length': String(bytes.byteLength),
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'X-Robots-Tag': 'none',
    // the bytes are what the stored type says, never sniffed as something else (not in storage-api)
    'X-Content-Type-Options': 'nosniff',
    ...(typeof metadata.eTag === 'string' ? { ETag: metadata.eTag } : {}),
    ...headers,
  }
  if (download !== undefined) result['Content-Disposition'] = contentDisposition(download)
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), {
    status: 200,
    headers: result,
  })
}

export async function download(deps: StorageAppDeps, c: Context, rest: string): Promise<Response> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  const { bucket: bucketId, key } = split(rest)
  const bucket = await bucketOrFail(deps, bucketId)
  const row = bucket.public
    ? await findObject(deps.db, bucket.id, key)
    : await asCaller(deps.db, caller, operation(c, 'object.get_authenticated'), (tx) =>
        findObject(tx, bucket.id, key),
      )
  if (!row) throw storageErrors.noSuchKey()
  return serveBytes(deps, c, row, {
    'Cache-Control': String(row.metadata?.cacheControl ?? 'no-cache'),
  })
}

export async function signedDownload(
  deps: StorageAppDeps,
  c: Context,
  rest: string,
): Promise<Response> {
  const { bucket, key } = split(rest)
  const token = c.req.query('token')
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  await verifyObjectToken(token, `${bucket}/${key}`, deps.config.jwtSecret)
  const row = await findObject(deps.db, bucket, key)
  if (!row) throw storageErrors.noSuchKey()
  const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    exp?: number
  }
  return serveBytes(
    deps,
    c,
    row,
    exp.exp ? { Expires: new Date(exp.exp * 1000).toUTCString() } : {},
  )
}

async function signedUrl(deps: StorageAppDeps, path: string, expiresIn: number) {
  const token = await signObjectToken(path, expiresIn, deps.config.jwtSecret)
  return `/object/sign/${path}?token=${token}`
}

export async function signOne(deps: StorageAppDeps, c: Context, rest: string): Promise<Response> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  const { bucket, key } = split(rest)
  const body = await readJson(c)
  const expiresIn = expiresInOf(body)
  if (body.transform !== undefined) throw storageErrors.notSupported('Image transformation')
  const row = await asCaller(deps.db, caller, operation(c, 'object.sign'), (tx) =>
    findObject(tx, bucket, key),
  )
  if (!row) throw storageErrors.noSuchKey()
  return json({ signedURL: await signedUrl(deps, `${bucket}/${key}`, expiresIn) })
}

export async function signMany(
  deps: StorageAppDeps,
  c: Context,
  bucket: string,
): Promise<Response> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  const body = await readJson(c)
  const expiresIn = expiresInOf(body)
  const paths = body.paths
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw storageErrors.invalidRequest("body must have required property 'paths'")
  }
  const visible = await asCaller(deps.db, caller, operation(c, 'object.sign_many'), (tx) =>
    findObjects(tx, bucket, paths as string[]),
  )
  const names = new Set(visible.map((row) => row.name))
  const result = await Promise.all(
    (paths as string[]).map(async (path) =>
      names.has(path)
        ? { error: null, path, signedURL: await signedUrl(deps, `${bucket}/${path}`, expiresIn) }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    ),
  )
  return json(result)
}

export async function info(deps: StorageAppDeps, c: Context, rest: string): Promise<Response> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  const { bucket: bucketId, key } = split(rest)
  const bucket = await bucketOrFail(deps, bucketId)
  const row = await asCaller(deps.db, caller, operation(c, 'object.info'), (tx) =>
    findObject(tx, bucket.id, key),
  )
  if (!row) throw storageErrors.noSuchKey()
  return json(infoBody(row))
}

export async function list(deps: StorageAppDeps, c: Context, bucketId: string): Promise<Response> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  const request = parseListRequest(await readJson(c))
  await bucketOrFail(deps, bucketId)
  const rows = await asCaller(deps.db, caller, operation(c, 'object.list'), (tx) =>
    objectsUnder(tx, bucketId, request.prefix),
  )
  return json(listEntries(rows, request))
}
