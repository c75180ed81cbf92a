/**
 * What the gateway needs from supabase/config.toml: `verify_jwt` and `enabled`
 * of each `[functions.<slug>]` table (default true, as the CLI), read with the
 * same TOML parser as the rest of the stack's configuration (config.ts).
 */
import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { parse } from 'smol-toml'

export type FunctionSettings = { verifyJwt: boolean; enabled: boolean }

export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const result = new Map<string, FunctionSettings>()
  const functions = (parse(toml) as { functions?: Record<string, Record<string, unknown>> })
    .functions
  for (const [slug, table] of Object.entries(functions ?? {})) {
    result.set(slug, { verifyJwt: table.verify_jwt !== false, enabled: table.enabled !== false })
  }
  return result
}

/** Reads the settings of one function; a missing file or section means the defaults. */
export async function readFunctionSettings(
  configPath: string,
  slug: string,
): Promise<FunctionSettings> {
  return (await readAllSettings(configPath)).get(slug) ?? { verifyJwt: true, enabled: true }
}

/**
 * The parsed file, kept while its modification time and size stay the same: the
 * gateway asks on every request, and parsing the whole config.toml each time
 * was a good part of its work. An edited file is read again at the next request.
 */
const parsedFiles = new Map<
  string,
  { mtimeMs: number; size: number; settings: Map<string, FunctionSettings> }
>()

async function readAllSettings(configPath: string): Promise<Map<string, FunctionSettings>> {
  let version: { mtimeMs: number; size: number } | null = null
  try {
    // synchronous: a few microseconds, where a promise stat costs the thread far more
    const info = statSync(configPath)
    version = { mtimeMs: info.mtimeMs, size: info.size }
  } catch {
    // no config.toml: CLI defaults
  }
  const cached = parsedFiles.get(configPath)
  if (version && cached && cached.mtimeMs === version.mtimeMs && cached.size === version.size)
    return cached.settings
  let text = ''
  try {
    text = await readFile(configPath, 'utf8')
  } catch {
    // no config.toml: CLI defaults
  }
  const settings = parseFunctionSettings(text)
  if (version) parsedFiles.set(configPath, { ...version, settings })
  else parsedFiles.delete(configPath)
  return settings
}

/** `KEY=value` lines (optional quotes, `#` comments, `export ` prefix), as dotenv reads them. */
export function parseDotenv(text: string): Record<string, string> {
  const result: Record<string, string> = {}
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (line === '' || line.startsWith('#')) continue
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line)
    if (!match) continue
    let value = (match[2] ?? '').trim()
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1)
      if (quote === '"') value = value.replaceAll('\\n', '\n')
    } else {
      value = value.replace(/\s+#.*$/, '')
    }
    result[match[1] as string] = value
  }
  return result
}
