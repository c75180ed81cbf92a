/**
 * The one long-lived Deno process that runs every Edge Function (deno-router.js,
 * a worker per function): started with the functions' environment and only what
 * Deno needs of this process's, and restarted if it dies.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { StackContext } from '../context.ts'

const here = dirname(fileURLToPath(import.meta.url))
const projectRoot = resolve(here, '../..')
const BOOT_TIMEOUT_MS = 60_000

export type DenoProcess = { port: number; child: ChildProcess }

/**
 * Starts Deno and watches it: if it exits (it should not), a new one is started,
 * retrying with a growing pause; requests meanwhile get 503 BOOT_ERROR from the
 * gateway. `stop` ends it (SIGTERM, SIGKILL after 3 s).
 */
export async function superviseDeno(
  functionsDir: string,
  env: Record<string, string>,
  log: StackContext['log'],
): Promise<{ current(): DenoProcess; stop(): Promise<void> }> {
  let deno = await startDeno(functionsDir, env, log)
  let closing = false
  let restarting: Promise<void> | null = null
  const watchExit = (child: ChildProcess) =>
    child.once('exit', (code) => {
      if (closing) return
      log.error({ code }, 'Edge Functions: the Deno process exited; restarting it')
      restarting ??= (async () => {
        for (let attempt = 1; !closing; attempt++) {
          try {
            deno = await startDeno(functionsDir, env, log)
            watchExit(deno.child)
            return
          } catch (error) {
            log.error({ err: error, attempt }, 'Edge Functions: Deno did not restart')
            await new Promise((done) => setTimeout(done, Math.min(30_000, 1000 * attempt)))
          }
        }
      })().finally(() => {
        restarting = null
      })
    })
  watchExit(deno.child)
  return {
    current: () => deno,
    async stop() {
      closing = true
      const child = deno.child
      if (child.exitCode !== null || child.signalCode !== null) return
      await new Promise<void>((done) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
        child.once('exit', () => {
          clearTimeout(timer)
          done()
        })
        child.kill('SIGTERM')
      })
    },
  }
}

function denoBinary(): string {
  const local = join(projectRoot, 'node_modules', '.bin', 'deno')
  return existsSync(local) ? local : 'deno'
}

function startDeno(
  functionsDir: string,
  env: Record<string, string>,
  log: StackContext['log'],
): Promise<DenoProcess> {
  const child = spawn(
    denoBinary(),
    [
      'run',
      '--allow-all',
      '--no-prompt',
      '--no-config',
      '--node-modules-dir=none',
      join(here, 'deno-router.js'),
      functionsDir,
    ],
    {
      cwd: functionsDir,
      env: { ...pickProcessEnv(), ...env, NO_COLOR: '1' },
      // stdin: Deno exits when it ends, that is when this process is gone (deno-router.js)
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  const stderr = createInterface({ input: child.stderr! })
  stderr.on('line', (line) => {
    if (/^(Download|Initialize) /.test(line)) log.debug({ source: 'deno' }, line)
    else log.warn({ source: 'deno' }, line)
  })
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => {
      child.kill()
      reject(new Error('Edge Functions: Deno did not start within 60 s'))
    }, BOOT_TIMEOUT_MS)
    const stdout = createInterface({ input: child.stdout! })
    stdout.on('line', (line) => {
      const ready = /^LOCAL_FUNCTIONS_READY (\d+)$/.exec(line)
      if (ready) {
        clearTimeout(timer)
        resolvePort({ port: Number(ready[1]), child })
      } else {
        log.info({ source: 'deno' }, line)
      }
    })
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(new Error(`Edge Functions: could not start Deno (${error.message})`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Edge Functions: Deno exited with code ${code} while starting`))
    })
  })
}

/**
 * What Deno needs from the parent environment (paths, caches, proxies, trusted
 * certificates for the npm registry), nothing else of the developer's shell.
 */
function pickProcessEnv(): Record<string, string> {
  const keep = [
    'PATH',
    'HOME',
    'TMPDIR',
    'LANG',
    'DENO_DIR',
    'DENO_CERT',
    'DENO_TLS_CA_STORE',
    'NPM_CONFIG_REGISTRY',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
  ]
  const env: Record<string, string> = Object.fromEntries(
    keep.flatMap((name) => (process.env[name] ? [[name, process.env[name] as string]] : [])),
  )
  // A CA Node is told to trust (e.g. a registry proxy) is trusted by Deno too.
  env.DENO_TLS_CA_STORE ??= 'mozilla,system'
  if (!env.DENO_CERT && process.env.NODE_EXTRA_CA_CERTS)
    env.DENO_CERT = process.env.NODE_EXTRA_CA_CERTS
  return env
}
