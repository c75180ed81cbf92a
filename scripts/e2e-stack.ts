/**
 * The local Supabase stack for the end-to-end suite: standard ports (the app's
 * defaults), a clean database in its own folder (.local-supabase/e2e) so a
 * developer's data in .local-supabase/data is never touched, seeded as usual.
 * Playwright's webServer starts it and stops it with SIGTERM.
 */
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { startStack } from '../local-supabase/stack.ts'

const dataDir = process.env.LOCAL_SUPABASE_DATA_DIR?.trim() || '.local-supabase/e2e'

// PGlite creates the data folder but not its parent.
await mkdir(dirname(dataDir), { recursive: true })
const stack = await startStack({ dataDir, reset: true })
console.log(`e2e stack ready: API ${stack.apiUrl}, inbox ${stack.inboxUrl}, data in ${dataDir}`)

let isStopping = false
async function stop(signal: string) {
  if (isStopping) return
  isStopping = true
  console.log(`e2e stack stopping (${signal})`)
  await stack.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))
