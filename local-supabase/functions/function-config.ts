/**
 * What the gateway needs from supabase/config.toml: `verify_jwt` and `enabled`
 * of each `[functions.<slug>]` table (default true, as the CLI), read with the
 * same TOML parser as the rest of the stack's configuration (config.ts).
 */
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
