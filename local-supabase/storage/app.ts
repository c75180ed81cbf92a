/**
 * Storage at /storage/v1: the subset @supabase/supabase-js's storage client
 * speaks (reference supabase-storage.md §2), shaped like storage-api. Objects'
 * rows live in storage.objects and are read and written as the caller
 * (caller.ts), so RLS decides; their bytes live on disk (files.ts). Anything
 * else answers NotSupported in Storage's error format.
 */
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { requestStarted } from '../db/types.ts'
import { asCaller, ownerUuid, resolveCaller } from './caller.ts'
import { fromDatabaseError, StorageError, storageErrors } from './errors.ts'
import { isSafeKey, type FileStore } from './files.ts'
import {
  deleteObjects,
  findBucket,
  findObject,
  findObjects,
  listBuckets,
  objectsUnder,
  writeObject,
  type BucketRow,
  type ObjectRow,
} from './objects.ts'
import { mimeTypeAllowed, readUploadBody } from './upload-body.ts'
import { signObjectToken, verifyObjectToken } from './tokens.ts'

/** storage-api's key rule (`storage/limits.ts` isValidKey). */
const VALID_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/

const JSON_TYPE = 'application/json; charset=utf-8'

export type StorageAppDeps = StackContext & { files: FileStore }

/** `/object/<bucket>/<key…>` → bucket and the decoded key. */
function split(rest: string): { bucket: string; key: string } {
  const segments = rest.split('/').map((segment) => decodeURIComponent(segment))
  const [bucket = '', ...key] = segments
  return { bucket, key: key.join('/') }
}

function checkKey(key: string): void {
  if (!VALID_KEY.test(key) || !isSafeKey(key)) throw storageErrors.invalidKey(key)
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE } })
}

function errorResponse(error: StorageError): Response {
  return new Response(JSON.stringify(error.toBody()), {
    status: error.wireStatus,
    headers: { 'Content-Type': JSON_TYPE },
  })
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.json()
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // answered below
  }
  throw storageErrors.invalidRequest('body must be object')
}

function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw storageErrors.invalidParameter('expiresIn')
  }
  return value
}

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

function bucketBody(row: BucketRow) {
  return {
    ...row,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
  }
}

export function createStorageApp(deps: StorageAppDeps): Hono {
  const { db, config, files, log } = deps
  const app = new Hono()

  app.use('*', async (_c, next) => {
    const ended = requestStarted(db)
    try {
      await next()
    } finally {
      ended()
    }
  })

  const operation = (c: Context, name: string) => ({
    method: c.req.method,
    path: c.req.path,
    operation: `storage.${name}`,
  })

  async function bucketOrFail(id: string): Promise<BucketRow> {
    const bucket = await findBucket(db, id)
    if (!bucket) throw storageErrors.noSuchBucket()
    return bucket
  }

  async function serveBytes(
    c: Context,
    row: ObjectRow,
    headers: Record<string, string>,
  ): Promise<Response> {
    const bytes = row.version ? await files.read(row.bucket_id, row.name, row.version) : null
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
      ...(typeof metadata.eTag === 'string' ? { ETag: metadata.eTag } : {}),
      ...headers,
    }
    if (download !== undefined) {
      result['Content-Disposition'] = download
        ? `attachment; filename=${encodeURIComponent(download)}; filename*=UTF-8''${encodeURIComponent(download)}`
        : 'attachment;'
    }
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), {
      status: 200,
      headers: result,
    })
  }

  async function upload(c: Context, rest: string, upsert: boolean): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const { bucket: bucketId, key } = split(rest)
    checkKey(key)
    const bucket = await bucketOrFail(bucketId)
    const bucketLimit = bucket.file_size_limit === null ? null : Number(bucket.file_size_limit)
    const limit = Math.min(config.storage.fileSizeLimit, bucketLimit || Infinity)
    const body = await readUploadBody(c.req.raw, limit)
    if (!mimeTypeAllowed(body.mimetype, bucket.allowed_mime_types)) {
      throw storageErrors.invalidMimeType(body.mimetype)
    }
    if (body.bytes.byteLength === 0) throw storageErrors.invalidRequest('No content provided')
    const version = randomUUID()
    const eTag = await files.write(bucket.id, key, version, body.bytes)
    let written: { id: string; replaced: string | null }
    try {
      written = await asCaller(db, caller, operation(c, 'object.upload'), (tx) =>
        writeObject(
          tx,
          {
            bucket: bucket.id,
            name: key,
            owner: ownerUuid(caller),
            ownerId: typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
            version,
            metadata: {
              eTag,
              size: body.bytes.byteLength,
              mimetype: body.mimetype,
              cacheControl: body.cacheControl,
              lastModified: new Date().toISOString(),
              contentLength: body.bytes.byteLength,
              httpStatusCode: 200,
            },
            userMetadata: body.userMetadata,
          },
          upsert,
        ),
      )
    } catch (error) {
      await files.remove(bucket.id, key, version)
      throw error
    }
    if (written.replaced) await files.remove(bucket.id, key, written.replaced)
    return json({ Key: `${bucket.id}/${key}`, Id: written.id })
  }

  async function download(c: Context, rest: string): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const { bucket: bucketId, key } = split(rest)
    const bucket = await bucketOrFail(bucketId)
    const row = bucket.public
      ? await findObject(db, bucket.id, key)
      : await asCaller(db, caller, operation(c, 'object.get_authenticated'), (tx) =>
          findObject(tx, bucket.id, key),
        )
    if (!row) throw storageErrors.noSuchKey()
    return serveBytes(c, row, {
      'Cache-Control': String(row.metadata?.cacheControl ?? 'no-cache'),
    })
  }

  async function signedDownload(c: Context, rest: string): Promise<Response> {
    const { bucket, key } = split(rest)
    const token = c.req.query('token')
    if (!token)
      throw storageErrors.invalidRequest("querystring must have required property 'token'")
    await verifyObjectToken(token, `${bucket}/${key}`, config.jwtSecret)
    const row = await findObject(db, bucket, key)
    if (!row) throw storageErrors.noSuchKey()
    const exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: number
    }
    return serveBytes(c, row, exp.exp ? { Expires: new Date(exp.exp * 1000).toUTCString() } : {})
  }

  async function signOne(c: Context, rest: string): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const { bucket, key } = split(rest)
    const body = await readJson(c)
    const expiresIn = expiresInOf(body)
    if (body.transform !== undefined) throw storageErrors.notSupported('Image transformation')
    const row = await asCaller(db, caller, operation(c, 'object.sign'), (tx) =>
      findObject(tx, bucket, key),
    )
    if (!row) throw storageErrors.noSuchKey()
    const token = await signObjectToken(`${bucket}/${key}`, expiresIn, config.jwtSecret)
    return json({ signedURL: `/object/sign/${bucket}/${key}?token=${token}` })
  }

  async function signMany(c: Context, bucket: string): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const body = await readJson(c)
    const expiresIn = expiresInOf(body)
    const paths = body.paths
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
      throw storageErrors.invalidRequest("body must have required property 'paths'")
    }
    const visible = await asCaller(db, caller, operation(c, 'object.sign_many'), (tx) =>
      findObjects(tx, bucket, paths as string[]),
    )
    const names = new Set(visible.map((row) => row.name))
    const result = await Promise.all(
      (paths as string[]).map(async (path) =>
        names.has(path)
          ? {
              error: null,
              path,
              signedURL: `/object/sign/${bucket}/${path}?token=${await signObjectToken(`${bucket}/${path}`, expiresIn, config.jwtSecret)}`,
            }
          : {
              error: 'Either the object does not exist or you do not have access to it',
              path,
              signedURL: null,
            },
      ),
    )
    return json(result)
  }

  async function info(c: Context, rest: string): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const { bucket: bucketId, key } = split(rest)
    const bucket = await bucketOrFail(bucketId)
    const row = await asCaller(db, caller, operation(c, 'object.info'), (tx) =>
      findObject(tx, bucket.id, key),
    )
    if (!row) throw storageErrors.noSuchKey()
    return json(infoBody(row))
  }

  async function list(c: Context, bucketId: string): Promise<Response> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    const body = await readJson(c)
    if (typeof body.prefix !== 'string') {
      throw storageErrors.invalidRequest("body must have required property 'prefix'")
    }
    await bucketOrFail(bucketId)
    const prefix = body.prefix === '' || body.prefix.endsWith('/') ? body.prefix : `${body.prefix}/`
    const limit = Math.min(typeof body.limit === 'number' ? body.limit : 100, 1500)
    const offset = typeof body.offset === 'number' ? body.offset : 0
    const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string }
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(
      sortBy.column ?? '',
    )
      ? (sortBy.column as 'name' | 'updated_at' | 'created_at' | 'last_accessed_at')
      : 'name'
    const descending = sortBy.order?.toLowerCase() === 'desc'
    const rows = await asCaller(db, caller, operation(c, 'object.list'), (tx) =>
      objectsUnder(tx, bucketId, prefix),
    )
    const folders = new Set<string>()
    const entries: Record<string, unknown>[] = []
    for (const row of rows) {
      const rest = row.name.slice(prefix.length)
      if (!rest.toLowerCase().startsWith(search)) continue
      const cut = rest.indexOf('/')
      if (cut >= 0) {
        const folder = rest.slice(0, cut)
        if (folders.has(folder)) continue
        folders.add(folder)
        entries.push({
          name: folder,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        })
      } else {
        entries.push({
          name: rest,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        })
      }
    }
    entries.sort((a, b) => {
      if (column !== 'name' && (a.id === null) !== (b.id === null)) return a.id === null ? -1 : 1
      const x = String(a[column] ?? '')
      const y = String(b[column] ?? '')
      const order = x < y ? -1 : x > y ? 1 : 0
      return descending ? -order : order
    })
    return json(entries.slice(offset, offset + limit))
  }

  async function remove(c: Context, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    const caller = await resolveCaller(c.req.raw.headers, config)
    await bucketOrFail(bucketId)
    const removed = await asCaller(db, caller, operation(c, 'object.delete_many'), (tx) =>
      deleteObjects(tx, bucketId, names),
    )
    for (const row of removed) {
      if (row.version) await files.remove(row.bucket_id, row.name, row.version)
    }
    return removed
  }

  const handle =
    (fn: (c: Context) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
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

  /** The part of the path after `prefix` (undecoded). */
  const after = (c: Context, prefix: string) => {
    const path = new URL(c.req.url).pathname
    const at = path.indexOf(prefix)
    return path.slice(at + prefix.length)
  }

  const notSupported = (feature: string) =>
    handle(() => Promise.reject(storageErrors.notSupported(feature)))
  const param = (c: Context, name: string) => c.req.param(name) ?? ''

  app.all('/render/*', notSupported('Image transformation'))
  app.all('/upload/resumable', notSupported('Resumable (TUS) upload'))
  app.all('/upload/resumable/*', notSupported('Resumable (TUS) upload'))
  app.all('/s3/*', notSupported('The S3 protocol'))
  app.all('/object/upload/sign/*', notSupported('Signed upload URLs'))
  app.all('/object/move', notSupported('Moving objects'))
  app.all('/object/copy', notSupported('Copying objects'))
  app.all('/cdn/*', notSupported('CDN cache purge'))

  app.get(
    '/bucket',
    handle(async (c) => {
      const caller = await resolveCaller(c.req.raw.headers, config)
      const rows = await asCaller(db, caller, operation(c, 'bucket.list'), listBuckets)
      return json(rows.map(bucketBody))
    }),
  )
  app.get(
    '/bucket/:id',
    handle(async (c) => {
      const caller = await resolveCaller(c.req.raw.headers, config)
      const id = param(c, 'id')
      const row = await asCaller(db, caller, operation(c, 'bucket.get'), (tx) => findBucket(tx, id))
      if (!row) throw storageErrors.noSuchBucket()
      return json(bucketBody(row))
    }),
  )
  app.all('/bucket', notSupported('Managing buckets through the API (declare them in config.toml)'))
  app.all(
    '/bucket/*',
    notSupported('Managing buckets through the API (declare them in config.toml)'),
  )

  app.post(
    '/object/list/:bucket',
    handle((c) => list(c, param(c, 'bucket'))),
  )
  app.post('/object/list-v2/:bucket', notSupported('listV2'))
  app.get(
    '/object/sign/*',
    handle((c) => signedDownload(c, after(c, '/object/sign/'))),
  )
  app.post(
    '/object/sign/:bucket',
    handle((c) => signMany(c, param(c, 'bucket'))),
  )
  app.post(
    '/object/sign/*',
    handle((c) => signOne(c, after(c, '/object/sign/'))),
  )
  app.get(
    '/object/info/authenticated/*',
    handle((c) => info(c, after(c, '/object/info/authenticated/'))),
  )
  app.get('/object/info/public/*', notSupported('Public buckets'))
  app.get(
    '/object/info/*',
    handle((c) => info(c, after(c, '/object/info/'))),
  )
  app.on(
    ['GET', 'HEAD'],
    '/object/public/*',
    handle(async (c) => {
      const { bucket } = split(after(c, '/object/public/'))
      const row = await findBucket(db, bucket)
      if (!row?.public) throw storageErrors.noSuchBucket()
      return download(c, after(c, '/object/public/'))
    }),
  )
  app.on(
    ['GET', 'HEAD'],
    '/object/authenticated/*',
    handle((c) => download(c, after(c, '/object/authenticated/'))),
  )
  app.delete(
    '/object/:bucket',
    handle(async (c) => {
      const body = await readJson(c)
      const prefixes = body.prefixes
      if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
        throw storageErrors.invalidRequest("body must have required property 'prefixes'")
      }
      const names = prefixes.map((entry: unknown) =>
        typeof entry === 'string'
          ? entry
          : String((entry as { path?: unknown } | null)?.path ?? ''),
      )
      return json(await remove(c, param(c, 'bucket'), names))
    }),
  )
  app.delete(
    '/object/*',
    handle(async (c) => {
      const { bucket, key } = split(after(c, '/object/'))
      const removed = await remove(c, bucket, [key])
      if (removed.length === 0) throw storageErrors.noSuchKey()
      return json({ message: 'Successfully deleted' })
    }),
  )
  app.post(
    '/object/*',
    handle((c) => upload(c, after(c, '/object/'), c.req.header('x-upsert') === 'true')),
  )
  app.put(
    '/object/*',
    handle((c) => upload(c, after(c, '/object/'), true)),
  )
  app.on(
    ['GET', 'HEAD'],
    '/object/*',
    handle((c) => download(c, after(c, '/object/'))),
  )
  app.all('*', (c) => errorResponse(storageErrors.routeNotFound(c.req.method, c.req.path)))
  return app
}
