/**
 * Storage at /storage/v1: the subset @supabase/supabase-js's storage client
 * speaks (reference supabase-storage.md §2), shaped like storage-api. Objects'
 * rows live in storage.objects and are read and written as the caller
 * (caller.ts), so RLS decides; their bytes live on disk (files.ts). Anything
 * else answers NotSupported in Storage's error format.
 */
import { Hono, type Context } from 'hono'
import { requestStarted } from '../db/types.ts'
import { asCaller, resolveCaller } from './caller.ts'
import type { StorageAppDeps } from './deps.ts'
import { storageErrors } from './errors.ts'
import { after, errorResponse, handler, json, operation, param, readJson, split } from './http.ts'
import { download, info, list, signedDownload, signMany, signOne } from './object-reads.ts'
import { remove, upload } from './object-writes.ts'
import { findBucket, listBuckets, type BucketRow } from './objects.ts'

export type { StorageAppDeps } from './deps.ts'

type Route = (c: Context) => Promise<Response>

/** A timestamp as storage-api sends it: node-postgres's Date in JSON (`…T12:00:00.123Z`). */
const jsonTime = (value: string) => new Date(value).toISOString()

/**
 * A bucket as storage-api answers it: the columns its routes select (no
 * `owner_id`; `type` only in the list), timestamps in JavaScript's form.
 */
function bucketBody(row: BucketRow, { withType }: { withType: boolean }) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    public: row.public,
    created_at: jsonTime(row.created_at),
    updated_at: jsonTime(row.updated_at),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    ...(withType ? { type: row.type } : {}),
  }
}

/** The names a bulk delete's `prefixes` give (strings, or `{ path }` objects). */
function prefixesOf(body: Record<string, unknown>): string[] {
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
    throw storageErrors.invalidRequest("body must have required property 'prefixes'")
  }
  return prefixes.map((entry: unknown) =>
    typeof entry === 'string' ? entry : String((entry as { path?: unknown } | null)?.path ?? ''),
  )
}

function routeUnsupported(app: Hono, deps: StorageAppDeps): void {
  const notSupported = (feature: string) =>
    handler(deps.log, () => Promise.reject(storageErrors.notSupported(feature)))
  const buckets = 'Managing buckets through the API (declare them in config.toml)'
  app.all('/render/*', notSupported('Image transformation'))
  app.all('/upload/resumable', notSupported('Resumable (TUS) upload'))
  app.all('/upload/resumable/*', notSupported('Resumable (TUS) upload'))
  app.all('/s3/*', notSupported('The S3 protocol'))
  app.all('/object/upload/sign/*', notSupported('Signed upload URLs'))
  app.all('/object/move', notSupported('Moving objects'))
  app.all('/object/copy', notSupported('Copying objects'))
  app.all('/cdn/*', notSupported('CDN cache purge'))
  app.post('/object/list-v2/:bucket', notSupported('listV2'))
  app.get('/object/info/public/*', notSupported('Public buckets'))
  // after the bucket reads (routeBuckets)
  app.all('/bucket', notSupported(buckets))
  app.all('/bucket/*', notSupported(buckets))
}

function routeBuckets(app: Hono, deps: StorageAppDeps, route: (fn: Route) => Route): void {
  app.get(
    '/bucket',
    route(async (c) => {
      const caller = await resolveCaller(c.req.raw.headers, deps.config)
      const rows = await asCaller(deps.db, caller, operation(c, 'bucket.list'), listBuckets)
      return json(rows.map((row) => bucketBody(row, { withType: true })))
    }),
  )
  app.get(
    '/bucket/:id',
    route(async (c) => {
      const caller = await resolveCaller(c.req.raw.headers, deps.config)
      const id = param(c, 'id')
      const row = await asCaller(deps.db, caller, operation(c, 'bucket.get'), (tx) =>
        findBucket(tx, id),
      )
      if (!row) throw storageErrors.noSuchBucket()
      return json(bucketBody(row, { withType: false }))
    }),
  )
}

/** A handler given the rest of the path after its route's prefix (`bucket/key`), or the `:bucket` parameter. */
type PathHandler = (deps: StorageAppDeps, c: Context, rest: string) => Promise<Response>

/** Registers object routes: on `<prefix>*` with the rest of the path, or on a path with `:bucket`. */
function objectRoutes(app: Hono, deps: StorageAppDeps, route: (fn: Route) => Route) {
  return {
    underPrefix(methods: string[], prefix: string, fn: PathHandler) {
      app.on(
        methods,
        `${prefix}*`,
        route((c) => fn(deps, c, after(c, prefix))),
      )
    },
    inBucket(method: string, path: string, fn: PathHandler) {
      app.on(
        method,
        path,
        route((c) => fn(deps, c, param(c, 'bucket'))),
      )
    },
  }
}

function routeObjectReads(app: Hono, deps: StorageAppDeps, route: (fn: Route) => Route): void {
  const { underPrefix, inBucket } = objectRoutes(app, deps, route)
  inBucket('POST', '/object/list/:bucket', list)
  underPrefix(['GET'], '/object/sign/', signedDownload)
  inBucket('POST', '/object/sign/:bucket', signMany)
  underPrefix(['POST'], '/object/sign/', signOne)
  underPrefix(['GET'], '/object/info/authenticated/', info)
  underPrefix(['GET'], '/object/info/', info)
  underPrefix(['GET', 'HEAD'], '/object/public/', async (deps, c, rest) => {
    const row = await findBucket(deps.db, split(rest).bucket)
    if (!row?.public) throw storageErrors.noSuchBucket()
    return download(deps, c, rest)
  })
  underPrefix(['GET', 'HEAD'], '/object/authenticated/', download)
}

function routeObjectWrites(app: Hono, deps: StorageAppDeps, route: (fn: Route) => Route): void {
  const { underPrefix, inBucket } = objectRoutes(app, deps, route)
  inBucket('DELETE', '/object/:bucket', async (deps, c, bucket) =>
    json(await remove(deps, c, bucket, prefixesOf(await readJson(c)))),
  )
  underPrefix(['DELETE'], '/object/', async (deps, c, rest) => {
    const { bucket, key } = split(rest)
    const removed = await remove(deps, c, bucket, [key])
    if (removed.length === 0) throw storageErrors.noSuchKey()
    return json({ message: 'Successfully deleted' })
  })
  underPrefix(['POST'], '/object/', (deps, c, rest) =>
    upload(deps, c, rest, c.req.header('x-upsert') === 'true'),
  )
  underPrefix(['PUT'], '/object/', (deps, c, rest) => upload(deps, c, rest, true))
}

export function createStorageApp(deps: StorageAppDeps): Hono {
  const app = new Hono()
  const route = (fn: Route) => handler(deps.log, fn)

  app.use('*', async (_c, next) => {
    const ended = requestStarted(deps.db)
    try {
      await next()
    } finally {
      ended()
    }
  })
  // Hono runs the matching handlers in registration order: the bucket reads before
  // the refusals of other bucket calls, the specific object paths before `/object/*`.
  routeBuckets(app, deps, route)
  routeUnsupported(app, deps)
  routeObjectReads(app, deps, route)
  routeObjectWrites(app, deps, route)
  objectRoutes(app, deps, route).underPrefix(['GET', 'HEAD'], '/object/', download)
  app.all('*', (c) => errorResponse(storageErrors.routeNotFound(c.req.method, c.req.path)))
  return app
}
