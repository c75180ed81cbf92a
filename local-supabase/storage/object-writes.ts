/**
 * Writing objects: an upload (its bytes on disk first, then its row as the
 * caller, so RLS decides and a refused row leaves no file) and removals.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { asCaller, ownerUuid, resolveCaller, type Caller } from './caller.ts'
import { bucketOrFail, type StorageAppDeps } from './deps.ts'
import { storageErrors } from './errors.ts'
import { checkKey, json, operation, split } from './http.ts'
import { deleteObjects, writeObject, type ObjectRow } from './objects.ts'
import { mimeTypeAllowed, readUploadBody, type UploadBody } from './upload-body.ts'

function objectMetadata(eTag: string, body: UploadBody) {
  return {
    eTag,
    size: body.bytes.byteLength,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  }
}

function ownerOf(caller: Caller) {
  return {
    owner: ownerUuid(caller),
    ownerId: typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
  }
}

export async function upload(
  deps: StorageAppDeps,
  c: Context,
  rest: string,
  upsert: boolean,
): Promise<Response> {
  const { db, config, files } = deps
  const caller = await resolveCaller(c.req.raw.headers, config)
  const { bucket: bucketId, key } = split(rest)
  checkKey(key)
  const bucket = await bucketOrFail(deps, bucketId)
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
          ...ownerOf(caller),
          version,
          metadata: objectMetadata(eTag, body),
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

/** Removes the named objects the caller may delete; their files go with their rows. */
export async function remove(
  deps: StorageAppDeps,
  c: Context,
  bucketId: string,
  names: string[],
): Promise<ObjectRow[]> {
  const caller = await resolveCaller(c.req.raw.headers, deps.config)
  await bucketOrFail(deps, bucketId)
  const removed = await asCaller(deps.db, caller, operation(c, 'object.delete_many'), (tx) =>
    deleteObjects(tx, bucketId, names),
  )
  for (const row of removed) {
    if (row.version) await deps.files.remove(row.bucket_id, row.name, row.version)
  }
  return removed
}
