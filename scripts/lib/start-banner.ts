/**
 * What `npm start` prints once everything answers: where the web app, the dev inbox,
 * the API and the database are, where the keys come from, and the schedules the
 * migrations set up (their pg_cron jobs), in plain lines rather than a log.
 */
import type { RunningStack } from '../../local-supabase/stack.ts'

export type StartBannerInput = {
  appUrl: string
  /** Seconds from `npm start` to the web app answering. */
  readyIn: number
  /** The stack this command started; null when an API was already answering (e.g. supabase start). */
  stack: Pick<RunningStack, 'apiUrl' | 'inboxUrl' | 'dbUrl' | 'config' | 'schedules'> | null
  /** The API in use when no stack was started. */
  apiUrl: string
}

/** "purge-finder-data: every hour at minute 5 — select …" → its name and when. */
export function scheduleOf(line: string): { name: string; when: string } {
  const [head = line] = line.split(' — ')
  const colon = head.indexOf(': ')
  return colon === -1
    ? { name: head, when: '' }
    : { name: head.slice(0, colon), when: head.slice(colon + 2) }
}

function rows(entries: [string, string][], indent = '  '): string[] {
  const width = Math.max(...entries.map(([label]) => label.length))
  return entries.map(([label, value]) => `${indent}${label.padEnd(width)}  ${value}`)
}

export function startBanner({ appUrl, readyIn, stack, apiUrl }: StartBannerInput): string {
  const lines = [`Homeward is running (ready in ${readyIn.toFixed(1)} s). Ctrl-C stops it.`, '']
  if (!stack) {
    lines.push(
      ...rows([
        ['Web app', appUrl],
        ['API', `${apiUrl} (already running: not started by npm start)`],
        ['Dev inbox', 'that stack’s own (supabase start: Mailpit and `npm run inbox`)'],
        ['Schedules', 'run by that database’s pg_cron'],
      ]),
    )
    return lines.join('\n')
  }
  const { config } = stack
  const keys = config.jwtKeys
  lines.push(
    ...rows([
      ['Web app', appUrl],
      ['Dev inbox', `${stack.inboxUrl}  every e-mail and text message the app sends`],
      ['API', stack.apiUrl],
      ['Database', stack.dbUrl ?? 'embedded, without wire access'],
      [
        'Data',
        config.dataDir
          ? `${config.dataDir}  (npm start -- --reset starts afresh)`
          : 'in memory: gone when stopped',
      ],
      ['Keys', `publishable ${config.publishableKey}`],
      ['', `secret ${config.secretKey}`],
      [
        '',
        `the standard local keys of supabase start; the legacy anon and service_role JWTs: npm run stack`,
      ],
      [
        'Signing key',
        `${keys.signing.alg}, ${keys.file ? `kept in ${keys.file}` : keys.source}; JWKS ${stack.apiUrl}/auth/v1/.well-known/jwks.json`,
      ],
    ]),
  )
  const schedules = stack.schedules.map(scheduleOf)
  lines.push('', 'Schedules (the migrations’ cron jobs, run by the stack):')
  if (schedules.length === 0) lines.push('  none')
  else if (schedules.every(({ when }) => when))
    lines.push(...rows(schedules.map(({ name, when }) => [name, when])))
  else lines.push(...schedules.map(({ name, when }) => `  ${when ? `${name}: ${when}` : name}`))
  return lines.join('\n')
}
