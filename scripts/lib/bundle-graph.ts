import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
}

/** The manifest key of the app's entry (index.html's script). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry)
  if (!key) throw new Error('The build manifest has no entry chunk')
  return key
}

/**
 * The JavaScript files a page loads before it can run: the given chunks and,
 * recursively, everything they import statically (never their dynamic imports).
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`No chunk ${key} in the build manifest`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'))
}

export type SizedFile = { file: string; bytes: number; gzipBytes: number }

export function sizeOf(distDir: string, file: string): SizedFile {
  const content = readFileSync(join(distDir, file))
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length }
}
