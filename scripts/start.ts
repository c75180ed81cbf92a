/**
 * `npm start`: the local Supabase stack (or an API already answering on
 * 127.0.0.1:54321, e.g. `supabase start`) plus the web app on Vite (5173).
 * `npm start -- --preview` builds the app first and serves the production build there
 * instead (`vite preview`: the prerendered pages, the host's headers, the service
 * worker), as the end-to-end tests do.
 * Ctrl-C, SIGTERM or SIGHUP stops both, and so does the end of the command that
 * launched it (npm killed alone: local-supabase/stop-requests.ts); killed outright
 * (SIGKILL), it takes Vite and the functions' Deno process with it, so the next
 * `npm start` finds its ports free.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseConfig } from '../local-supabase/config.ts'
import { startStack, type RunningStack } from '../local-supabase/stack.ts'
import { buildSite } from './lib/build-site.ts'
import { onStopRequest } from '../local-supabase/stop-requests.ts'
import { portTaken } from './lib/port-taken.ts'
import { startBanner } from './lib/start-banner.ts'

// The API port the stack would take (54321 unless LOCAL_SUPABASE_API_PORT says otherwise).
const EXISTING_API = `http://127.0.0.1:${parseConfig(process.env).ports.api}`

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1500) })
    return response.ok
  } catch {
    return false
  }
}

/** The web app's port: Auth's e-mail links and redirects point to http://localhost:5173. */
const APP_PORT = 5173

if (await portTaken(APP_PORT)) {
  console.error(
    `Port ${APP_PORT} is already in use, and the web app must run there (Auth's e-mail links ` +
      `and redirects point to http://localhost:${APP_PORT}). Stop whatever is using it ` +
      '(another `npm start`?) and run `npm start` again.',
  )
  process.exit(1)
}

let stopping = false
let stack: RunningStack | null = null
let appServer: ChildProcess | null = null
async function stop(code: number) {
  if (stopping) return
  stopping = true
  appServer?.kill('SIGTERM')
  await stack?.close()
  process.exit(code)
}
// From here on: a stop while the stack starts exits at once (Deno follows, as after SIGKILL).
onStopRequest((reason) => {
  if (reason !== 'SIGINT') console.error(`npm start: stopping (${reason}).`)
  void stop(0)
})

const started = Date.now()
let apiUrl = EXISTING_API
if (await answers(`${EXISTING_API}/auth/v1/health`)) {
  console.log(
    `Using the Supabase API already answering on ${EXISTING_API} (not starting the local stack).`,
  )
} else {
  try {
    stack = await startStack({ reset: process.argv.includes('--reset') })
  } catch (error) {
    console.error(
      `Could not start the local Supabase stack: ${error instanceof Error ? error.message : String(error)}`,
    )
    process.exit(1)
  }
  apiUrl = stack.apiUrl
  console.log(`Local Supabase stack started; starting the web app…`)
}

const preview = process.argv.includes('--preview')
const appEnv = { ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL || apiUrl }
if (preview) {
  console.log('Building the app for --preview (the production build, into dist/)…')
  try {
    buildSite(appEnv)
  } catch (error) {
    console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`)
    await stop(1)
  }
}

// Vite's stdin is a pipe from this process: if this one dies (even by SIGKILL),
// the pipe ends and Vite exits (exit-with-parent.js) instead of keeping port 5173.
const vite = spawn(
  process.execPath,
  [
    '--import',
    pathToFileURL(join(import.meta.dirname, 'lib/exit-with-parent.js')).href,
    'node_modules/vite/bin/vite.js',
    ...(preview ? ['preview'] : []),
    '--port',
    String(APP_PORT),
    '--strictPort',
  ],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: appEnv,
  },
)
appServer = vite
let announced = false
vite.stdout.on('data', (chunk: Buffer) => {
  const text = chunk.toString()
  // The dev server says "ready in …"; `vite preview` lists its addresses ("➜ Local: …",
  // with colour codes around the word).
  if (!announced && /ready in|\bLocal\b/i.test(text)) {
    announced = true
    console.log(
      startBanner({
        appUrl: `http://localhost:${APP_PORT}`,
        readyIn: (Date.now() - started) / 1000,
        stack,
        apiUrl,
      }),
    )
  } else if (announced) {
    process.stdout.write(text)
  }
})

vite.on('exit', (code) => {
  if (!stopping) {
    console.error(`Vite stopped (exit code ${code ?? 'none'}); stopping the stack.`)
    void stop(code ?? 1)
  }
})
