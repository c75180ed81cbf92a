/**
 * `npm run preview:phone`: the production build and the local Supabase stack, both
 * listening on every interface, to try the app on a phone on the same network
 * (performance claims come from this build, never from `npm start`'s dev server).
 *
 * The build is made with VITE_SUPABASE_URL pointing at this machine's network
 * address, so the phone reaches the API. PHONE_HOST overrides the address found.
 * `--no-build` serves the existing dist/ as it is. Ctrl-C stops everything.
 */
import { execFileSync } from 'node:child_process'
import { networkInterfaces } from 'node:os'
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { serveDist } from './lib/serve-dist'

const root = resolve(import.meta.dirname, '..')
const WEB_PORT = 4173
const API_PORT = 54321

function lanAddress(): string {
  if (process.env.PHONE_HOST) return process.env.PHONE_HOST
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address
    }
  }
  return '127.0.0.1'
}

const host = lanAddress()
const siteUrl = `http://${host}:${WEB_PORT}`
process.env.LOCAL_SUPABASE_HOST = '0.0.0.0'
process.env.SITE_URL = siteUrl

if (!process.argv.includes('--no-build')) {
  console.log(`Building for ${siteUrl} (API http://${host}:${API_PORT})…`)
  execFileSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: `http://${host}:${API_PORT}` },
  })
}

// The embedded database creates its data directory, but not the folder around it.
mkdirSync(dirname(resolve(root, process.env.LOCAL_SUPABASE_DATA_DIR ?? '.local-supabase/data')), {
  recursive: true,
})
// Imported after the environment is set: the stack reads it when it starts.
const { startStack } = await import('../local-supabase/stack.ts')
const { banner } = await import('../local-supabase/banner.ts')
const stack = await startStack({})
console.log(banner(stack))
const web = await serveDist(join(root, 'dist'), { port: WEB_PORT, host: '0.0.0.0' })
console.log(`\n  Production build: ${siteUrl} (open it on the phone; this machine: ${web.url})\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await web.close()
  await stack.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
