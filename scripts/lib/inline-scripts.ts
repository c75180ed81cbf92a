/**
 * The inline scripts of the built pages, for the CSP (scripts/lib/host-rules.ts):
 * /tag's early tag lookup (src/features/found/early-tag-status.ts) and React's form
 * replay script, which react-dom/static writes ahead of a form action. Their hashes
 * are read from the HTML as built, so whatever the build inlines is what the CSP allows.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Every built HTML page in distDir (the prerendered pages, the shell, the 404 page). */
export function builtPages(distDir: string): string[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => readFileSync(join(distDir, file), 'utf8'))
}

/** The CSP source of each distinct inline script in the pages: `'sha256-…'`, sorted. */
export function inlineScriptHashes(pages: readonly string[]): string[] {
  const hashes = new Set<string>()
  for (const html of pages) {
    for (const [, attributes = '', body = ''] of html.matchAll(
      /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
    )) {
      if (/\bsrc\s*=/.test(attributes) || body === '') continue
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
    }
  }
  return [...hashes].sort()
}
