import { pino, type Logger } from 'pino'
import type { StackConfig } from './config.ts'

/** The stack's logger: quiet (warnings and errors only) unless configured otherwise. */
export function createLogger(level: StackConfig['logLevel']): Logger {
  return pino({ name: 'local-supabase', level })
}
