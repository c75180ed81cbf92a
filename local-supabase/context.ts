import type { Logger } from 'pino'
import type { StackConfig } from './config.ts'
import type { Database } from './db/types.ts'

/** What every service of the local stack is given. */
export type StackContext = { db: Database; config: StackConfig; log: Logger }
