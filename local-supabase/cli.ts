/**
 * `npm run stack [-- --reset]`: runs the local Supabase stack alone until
 * Ctrl-C, SIGTERM or SIGHUP, or until the command that launched it exits (stop-requests.ts). Data persists in .local-supabase/ (git-ignored), or in the
 * DATABASE_URL database; --reset starts clean (deletes the data folder, or
 * drops and recreates that database).
 */
import { banner } from './banner.ts'
import { startStack } from './stack.ts'
import { onStopRequest } from './stop-requests.ts'

/** A stop that takes longer than this is a bug: say so and exit anyway. */
const STOP_DEADLINE_MS = 4500

const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--reset')
if (unknown.length > 0) {
  console.error(`Unknown option(s): ${unknown.join(' ')}\nUsage: npm run stack [-- --reset]`)
  process.exit(2)
}

try {
  const started = Date.now()
  const stack = await startStack({ reset: args.includes('--reset') })
  console.log(
    `Local Supabase stack started in ${((Date.now() - started) / 1000).toFixed(1)} s\n${banner(stack)}`,
  )
  for (const line of stack.schedules) console.log(`Schedule: ${line}`)
  console.log('Press Ctrl-C to stop.')
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    const deadline = setTimeout(() => {
      console.error(
        `The local Supabase stack did not stop within ${STOP_DEADLINE_MS} ms of ${signal}.`,
      )
      process.exit(1)
    }, STOP_DEADLINE_MS)
    deadline.unref()
    await stack.close()
    console.log('Local Supabase stack stopped.')
    process.exit(0)
  }
  onStopRequest((reason) => void stop(reason))
} catch (error) {
  console.error(
    `Could not start the local Supabase stack: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exit(1)
}
