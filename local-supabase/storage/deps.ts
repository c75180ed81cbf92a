import type { StackContext } from '../context.ts'
import { storageErrors } from './errors.ts'
import type { FileStore } from './files.ts'
import { findBucket, type BucketRow } from './objects.ts'

export type StorageAppDeps = StackContext & { files: FileStore }

export async function bucketOrFail(deps: StorageAppDeps, id: string): Promise<BucketRow> {
  const bucket = await findBucket(deps.db, id)
  if (!bucket) throw storageErrors.noSuchBucket()
  return bucket
}
