import { pino, type Logger } from 'pino'
import type { StackConfig } from './config.ts'

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warning',
  50: 'error',
  60: 'fatal',
}

/**
 * One pino record as a person reads it: `local-supabase warning: <message>`, then the
 * service and the error's message when there are any. A record that is not JSON goes
 * out as it came.
 */
export function readableLine(record: string): string {
  try {
    const entry = JSON.parse(record) as {
      level?: number
      msg?: string
      service?: string
      err?: { message?: string; type?: string }
    }
    const level = LEVEL_NAMES[entry.level ?? 30] ?? 'log'
    const where = entry.service ? ` (${entry.service})` : ''
    const error = entry.err?.message ? `: ${entry.err.message}` : ''
    return `local-supabase ${level}${where}: ${entry.msg ?? ''}${error}\n`
  } catch {
    return record.endsWith('\n') ? record : `${record}\n`
  }
}

/**
 * The stack's logger: quiet (warnings and errors only) unless configured otherwise,
 * written to stderr as readable lines (not pino's JSON: `npm start` prints them
 * beside its banner).
 */
export function createLogger(level: StackConfig['logLevel']): Logger {
  return pino(
    { name: 'local-supabase', level },
    { write: (record: string) => void process.stderr.write(readableLine(record)) },
  )
}
