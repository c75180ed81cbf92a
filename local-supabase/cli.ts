/**
 * `npm run stack [-- --reset]`: runs the local Supabase stack alone until
 * Ctrl-C. Data persists in .local-supabase/ (git-ignored); --reset starts clean.
 */
import { banner } from './banner.ts'
import { startStack } from './stack.ts'

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
  const stop = async () => {
    if (stopping) return
    stopping = true
    await stack.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
} catch (error) {
  console.error(
    `Could not start the local Supabase stack: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exit(1)
}
