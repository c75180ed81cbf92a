/**
 * The statements behind each Storage call, run as the caller (caller.ts) so
 * the policies on storage.objects decide what is seen, written and removed.
 */
import type { Queryable } from '../db/types.ts'

export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  created_at: string
  updated_at: string
  last_accessed_at: string
  metadata: Record<string, unknown> | null
  user_metadata: Record<string, unknown> | null
}

export type BucketRow = {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  type: string
  file_size_limit: number | string | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at,
  to_json(last_accessed_at) #>> '{}' as last_accessed_at, metadata, user_metadata`

const BUCKET_COLUMNS = `id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at`

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  )
  return rows[0] ?? null
}

export async function listBuckets(db: Queryable): Promise<BucketRow[]> {
  const { rows } = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets order by name`,
  )
  return rows
}

export async function findObject(
  db: Queryable,
  bucket: string,
  name: string,
): Promise<ObjectRow | null> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucket, name],
  )
  return rows[0] ?? null
}

/** The objects of a bucket a statement acts on by name: its $1 is the bucket, $2 the names. */
const NAMED_OBJECTS = 'storage.objects where bucket_id = $1 and name = any($2::text[])'

async function namedObjects(
  db: Queryable,
  statement: string,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(statement, [bucket, names])
  return rows
}

export const findObjects = (db: Queryable, bucket: string, names: string[]) =>
  namedObjects(db, `select ${OBJECT_COLUMNS} from ${NAMED_OBJECTS}`, bucket, names)

export type NewObject = {
  bucket: string
  name: string
  owner: string | null
  ownerId: string | null
  version: string
  metadata: Record<string, unknown>
  userMetadata: Record<string, unknown> | null
}

/**
 * Inserts the row (INSERT policies), or with upsert replaces it (INSERT … ON
 * CONFLICT DO UPDATE: SELECT and UPDATE policies too). Returns the row's id and
 * the version it replaced, if any.
 */
export async function writeObject(
  db: Queryable,
  object: NewObject,
  upsert: boolean,
): Promise<{ id: string; replaced: string | null }> {
  const previous = upsert ? await findObject(db, object.bucket, object.name) : null
  const { rows } = await db.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7)
     ${
       upsert
         ? `on conflict (bucket_id, name) do update set owner = excluded.owner,
              owner_id = excluded.owner_id, version = excluded.version,
              metadata = excluded.metadata, user_metadata = excluded.user_metadata`
         : ''
     }
     returning id`,
    [
      object.bucket,
      object.name,
      object.owner,
      object.ownerId,
      object.version,
      JSON.stringify(object.metadata),
      object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
    ],
  )
  return { id: rows[0]!.id, replaced: previous?.version ?? null }
}

/** Deletes the rows the caller may see and delete; returns them. */
export const deleteObjects = (db: Queryable, bucket: string, names: string[]) =>
  namedObjects(db, `delete from ${NAMED_OBJECTS} returning ${OBJECT_COLUMNS}`, bucket, names)

/** Rows under a folder prefix (already ending in `/`, or empty), for list(). */
export async function objectsUnder(
  db: Queryable,
  bucket: string,
  prefix: string,
): Promise<ObjectRow[]> {
  const { rows } = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects
     where bucket_id = $1 and left(name, length($2)) = $2`,
    [bucket, prefix],
  )
  return rows
}
