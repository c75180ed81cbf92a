/**
 * `npm run tags:mint -- --count N [--batch NAME]`: mints N tags with the
 * service-role key and prints CSV `tag_id,activation_code,url` for the NFC
 * encoder. SUPABASE_URL / SUPABASE_SECRET_KEY target any project;
 * SITE_URL sets the app address in the url column.
 */
import { describeError, fail, operatorClient } from './tags-cli.ts'

const USAGE = 'Usage: npm run tags:mint -- --count N [--batch NAME]'

export function parseMintArgs(argv: string[]): { count: number; batch: string | null } {
  let count: number | null = null
  let batch: string | null = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = argv[i + 1]
    if (arg === '--count' && value !== undefined) {
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10000) {
        throw new Error(`--count must be a whole number from 1 to 10000 (got "${value}")`)
      }
      count = Number(value)
      i++
    } else if (arg === '--batch' && value !== undefined) {
      if (value.trim() === '') throw new Error('--batch must not be empty')
      batch = value.trim()
      i++
    } else {
      throw new Error(`Unexpected argument "${arg}"`)
    }
  }
  if (count === null) throw new Error('--count is required')
  return { count, batch }
}

export function toCsv(rows: { code: string; activation_code: string }[], siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '')
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)
  const lines = rows.map((r) =>
    [r.code, r.activation_code, `${site}/tag?tagId=${encodeURIComponent(r.code)}`]
      .map(cell)
      .join(','),
  )
  return ['tag_id,activation_code,url', ...lines].join('\n') + '\n'
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args: ReturnType<typeof parseMintArgs>
  try {
    args = parseMintArgs(process.argv.slice(2))
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2)
  }
  const url = process.env.SUPABASE_URL?.trim() || 'http://127.0.0.1:54321'
  const { data, error } = await operatorClient().rpc('mint_tags', {
    count: args.count,
    batch: args.batch,
  })
  if (error) fail(`Could not mint tags: ${describeError(error, url)}`)
  const rows = (data ?? []) as { code: string; activation_code: string }[]
  process.stdout.write(toCsv(rows, process.env.SITE_URL?.trim() || 'http://localhost:5173'))
}
