/**
 * `[storage.buckets.*]` of config.toml into storage.buckets at start-up, as
 * `supabase start` seeds them: a configured bucket is created or brought to
 * its configured settings; buckets not in the file are left alone.
 */
import type { BucketSetting } from '../config-toml.ts'
import type { Database } from '../db/types.ts'

export async function seedBuckets(db: Database, buckets: BucketSetting[]): Promise<void> {
  for (const bucket of buckets) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public,
         file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [bucket.id, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes],
    )
  }
}
