/**
 * The objects' bytes on disk, as Storage's file backend keeps them: one file
 * per object version at `<root>/<bucket>/<key>/<version>`. A new version is
 * written before its row, and the old one removed after the row moved on, so a
 * failed upload never replaces what was there.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type FileStore = {
  root: string
  /** Writes a version's bytes; returns its eTag (quoted MD5, as S3). */
  write(bucket: string, key: string, version: string, bytes: Uint8Array): Promise<string>
  read(bucket: string, key: string, version: string): Promise<Buffer | null>
  remove(bucket: string, key: string, version: string): Promise<void>
}

/** Where a stack whose database lives in dataDir keeps Storage's files (beside it; --reset removes both). */
export function storageFolder(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}-storage`
}

/** Keys the file backend can hold: no empty, `.` or `..` segment (nothing outside the bucket's folder). */
export function isSafeKey(key: string): boolean {
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

export function createFileStore(root: string): FileStore {
  const place = (bucket: string, key: string, version: string) => {
    const file = path.resolve(root, bucket, ...key.split('/'), version)
    if (!file.startsWith(path.resolve(root) + path.sep)) {
      throw new Error(`object path outside the storage folder: ${bucket}/${key}`)
    }
    return file
  }
  return {
    root,
    async write(bucket, key, version, bytes) {
      const file = place(bucket, key, version)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, bytes)
      return `"${createHash('md5').update(bytes).digest('hex')}"`
    },
    async read(bucket, key, version) {
      const file = place(bucket, key, version)
      try {
        if (!(await stat(file)).isFile()) return null
        return await readFile(file)
      } catch {
        return null
      }
    },
    async remove(bucket, key, version) {
      await rm(place(bucket, key, version), { force: true })
    },
  }
}
