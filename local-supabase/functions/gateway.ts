/**
 * The Edge Functions gateway at /functions/v1, answering as the CLI's local
 * gateway does (protocols reference §4.2): 404 for unknown slugs, verify_jwt from
 * config.toml, then the request goes to one long-lived Deno process
 * (deno-router.js) that runs each function in its own worker, a few of each
 * function's requests at a time (admission.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { Agent } from 'node:http'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { forwardClientAddress } from '../client-address.ts'
import type { StackContext } from '../context.ts'
import { translateApiKey, verifyAccessToken } from '../keys.ts'
import { type AdmissionOptions, createAdmission } from './admission.ts'
import { parseDotenv, readFunctionSettings } from './function-config.ts'
import { answerBody, forward, NULL_BODY_STATUSES } from './upstream.ts'

const here = dirname(fileURLToPath(import.meta.url))
const projectRoot = resolve(here, '../..')
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/
const BOOT_TIMEOUT_MS = 60_000
/** Kong's read timeout in the CLI's gateway. */
const UPSTREAM_TIMEOUT_MS = 150_000

export type FunctionsGatewayOptions = StackContext & {
  apiUrl: string
  /** This stack's dev inbox: provider URLs naming host.docker.internal are pointed at it. */
  inboxUrl?: string
  /** Folder holding `<slug>/index.ts`; default supabase/functions. */
  functionsDir?: string
  /** config.toml with `[functions.<slug>]`; default supabase/config.toml. */
  configPath?: string
  /** The env file functions get; default `<functionsDir>/.env`. */
  envFile?: string
  /** How many of a function's requests go to Deno at once (admission.ts). */
  admission?: AdmissionOptions
  /** How long a function may take to answer, body included (default Kong's 150 s). */
  upstreamTimeoutMs?: number
}

/**
 * The environment Supabase gives functions, plus the project's functions .env. The
 * stack's own site URL (config.toml's `auth.site_url`, or SITE_URL) is the functions'
 * SITE_URL too, as a deployed project sets it as a secret (docs/deploy.md): one value
 * for Auth's links and the functions' CORS and links (`npm run preview:phone` serves
 * the app on :4173, not :5173).
 */
export async function functionEnvironment(
  options: FunctionsGatewayOptions,
  envFile: string,
): Promise<Record<string, string>> {
  const { config } = options
  let fileValues: Record<string, string> = {}
  try {
    fileValues = parseDotenv(await readFile(envFile, 'utf8'))
  } catch {
    // no .env: only the platform variables
  }
  // supabase/functions/.env names the dev inbox as `supabase start`'s container reaches it
  // (host.docker.internal, `npm run inbox`); this stack's functions use its own inbox.
  if (options.inboxUrl) {
    for (const name of ['TWILIO_API_URL', 'EMAIL_API_URL']) {
      const value = fileValues[name]
      if (value && /^https?:\/\/host\.docker\.internal[:/]/.test(value)) {
        fileValues[name] = options.inboxUrl
      }
    }
  }
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(fileValues).filter(([k]) => !k.startsWith('SUPABASE_'))),
    SITE_URL: config.siteUrl,
    SUPABASE_URL: options.apiUrl,
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
    // The public signing keys, inline (as the CLI gives them): @supabase/server verifies user JWTs with them.
    SUPABASE_JWKS: JSON.stringify(config.jwtKeys.jwks),
  }
  const dbUrl =
    config.databaseUrl ??
    (config.enableDbSocket && config.ports.db !== 0
      ? `postgresql://postgres:postgres@${config.host}:${config.ports.db}/postgres`
      : null)
  if (dbUrl) env.SUPABASE_DB_URL = dbUrl
  return env
}

function denoBinary(): string {
  const local = join(projectRoot, 'node_modules', '.bin', 'deno')
  return existsSync(local) ? local : 'deno'
}

function startDeno(
  functionsDir: string,
  env: Record<string, string>,
  log: StackContext['log'],
): Promise<{ port: number; child: ChildProcess }> {
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

const missingHeader = { msg: 'Error: Missing authorization header' }
const notBearer = { msg: "Error: Auth header is not 'Bearer {token}'" }
const invalidJwt = { msg: 'Invalid JWT' }

export async function createFunctionsGateway(
  options: FunctionsGatewayOptions,
): Promise<{ app: Hono; close(): Promise<void> }> {
  const functionsDir = resolve(options.functionsDir ?? join(projectRoot, 'supabase', 'functions'))
  const configPath = options.configPath ?? join(projectRoot, 'supabase', 'config.toml')
  const envFile = options.envFile ?? join(functionsDir, '.env')
  const log = options.log.child({ service: 'functions' })
  const { config } = options
  const env = await functionEnvironment(options, envFile)
  let deno = await startDeno(functionsDir, env, log)
  let closing = false
  // If Deno dies (it should not), start a new one; requests meanwhile get 503 BOOT_ERROR.
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
  // Connections to Deno stay open between requests.
  const agent = new Agent({ keepAlive: true })
  // A burst reaches Deno a few requests at a time, each function in arrival order.
  const admit = createAdmission(options.admission)

  const app = new Hono()
  app.all('*', async (c) => {
    const url = new URL(c.req.url)
    const path = url.pathname.replace(/^\/functions\/v1/, '')
    const slug = path.split('/')[1] ?? ''
    if (!SLUG.test(slug) || !existsSync(join(functionsDir, slug, 'index.ts'))) {
      return c.text('Function not found', 404)
    }
    const settings = await readFunctionSettings(configPath, slug)
    if (!settings.enabled) return c.text('Function not found', 404)

    const headers = new Headers(c.req.raw.headers)
    // Kong's key translation: sb_ keys (as apikey or bearer) become the legacy JWTs.
    const authorization = headers.get('authorization')
    const apikey = headers.get('apikey')
    if (!authorization || /^bearer\s+sb_/i.test(authorization)) {
      const key = apikey ?? authorization?.replace(/^bearer\s+/i, '') ?? ''
      if (key) headers.set('authorization', `Bearer ${translateApiKey(key, config)}`)
    }
    if (settings.verifyJwt && c.req.method !== 'OPTIONS') {
      const value = headers.get('authorization')
      if (!value) return c.json(missingHeader, 401)
      const match = /^Bearer (.+)$/.exec(value)
      if (!match) return c.json(notBearer, 401)
      try {
        await verifyAccessToken(match[1] as string, config.jwtKeys)
      } catch {
        return c.json(invalidJwt, 401)
      }
    }
    headers.delete('host')
    headers.delete('connection')
    forwardClientAddress(headers, c, config.trustProxy)
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    try {
      const body = hasBody ? Buffer.from(await c.req.arrayBuffer()) : null
      const release = await admit(slug)
      const upstream = await forward({
        agent,
        port: deno.port,
        timeoutMs: options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
        method: c.req.method,
        path: `${path}${url.search}`,
        headers,
        body,
      }).finally(release)
      const responseHeaders = new Headers()
      const raw = upstream.rawHeaders
      for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders.append(raw[i]!, raw[i + 1]!)
      for (const name of [
        'content-encoding',
        'content-length',
        'transfer-encoding',
        'connection',
      ]) {
        responseHeaders.delete(name)
      }
      const status = upstream.statusCode ?? 502
      const noBody = c.req.method === 'HEAD' || NULL_BODY_STATUSES.has(status)
      if (noBody) upstream.resume()
      return new Response(noBody ? null : await answerBody(upstream), {
        status,
        statusText: upstream.statusMessage ?? '',
        headers: responseHeaders,
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        return c.json({ message: 'The upstream server is timing out' }, 504)
      }
      log.error({ err: error, slug }, 'Edge Functions: the Deno process did not answer')
      return c.json(
        { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
        503,
      )
    }
  })

  return {
    app,
    async close() {
      closing = true
      agent.destroy()
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
