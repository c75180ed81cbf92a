/**
 * What the gateway needs from supabase/config.toml: `verify_jwt` of each
 * `[functions.<slug>]` table (default true, as the CLI). A deliberately tiny
 * reader for that table only: `key = true|false` lines inside those headers.
 */
import { readFile } from 'node:fs/promises'

export type FunctionSettings = { verifyJwt: boolean; enabled: boolean }

export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const result = new Map<string, FunctionSettings>()
  let current: FunctionSettings | null = null
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim()
    if (line === '' || line.startsWith('#')) continue
    const header = /^\[\s*functions\.("?)([A-Za-z][A-Za-z0-9_-]*)\1\s*\]$/.exec(line)
    if (header) {
      current = { verifyJwt: true, enabled: true }
      result.set(header[2] as string, current)
      continue
    }
    if (line.startsWith('[')) {
      current = null
      continue
    }
    const setting = /^(verify_jwt|enabled)\s*=\s*(true|false)$/.exec(line)
    if (current && setting) {
      if (setting[1] === 'verify_jwt') current.verifyJwt = setting[2] === 'true'
      else current.enabled = setting[2] === 'true'
    }
  }
  return result
}

/** Reads the settings of one function; a missing file or section means the defaults. */
export async function readFunctionSettings(
  configPath: string,
  slug: string,
): Promise<FunctionSettings> {
  let text = ''
  try {
    text = await readFile(configPath, 'utf8')
  } catch {
    // no config.toml: CLI defaults
  }
  return parseFunctionSettings(text).get(slug) ?? { verifyJwt: true, enabled: true }
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
