/**
 * The Edge Functions gateway at /functions/v1, answering as the CLI's local
 * gateway does (protocols reference §4.2): 404 for unknown slugs, verify_jwt from
 * config.toml, then the request goes to one long-lived Deno process
 * (deno-router.js) that runs each function in its own worker, a few of each
 * function's requests at a time (admission.ts).
 */
import { existsSync } from 'node:fs'
import { Agent, type IncomingMessage } from 'node:http'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import { forwardClientAddress } from '../client-address.ts'
import type { StackConfig } from '../config.ts'
import type { StackContext } from '../context.ts'
import { translateApiKey, verifyAccessToken } from '../keys.ts'
import { type AdmissionOptions, createAdmission } from './admission.ts'
import { superviseDeno } from './deno-process.ts'
import { parseDotenv, readFunctionSettings } from './function-config.ts'
import { answerBody, forward, NULL_BODY_STATUSES } from './upstream.ts'

const here = dirname(fileURLToPath(import.meta.url))
const projectRoot = resolve(here, '../..')
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/
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
    const pushEndpoint = fileValues.WEB_PUSH_LOCAL_ENDPOINT
    if (pushEndpoint && /^https?:\/\/host\.docker\.internal[:/]/.test(pushEndpoint)) {
      fileValues.WEB_PUSH_LOCAL_ENDPOINT = `${options.inboxUrl.replace(/\/$/, '')}/push/`
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
  const deno = await superviseDeno(functionsDir, env, log)
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

    const headers = await gatewayHeaders(c, config, settings.verifyJwt)
    if (headers instanceof Response) return headers
    headers.delete('host')
    headers.delete('connection')
    forwardClientAddress(headers, c, config.trustProxy)
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    try {
      const body = hasBody ? Buffer.from(await c.req.arrayBuffer()) : null
      const release = await admit(slug)
      const upstream = await forward({
        agent,
        port: deno.current().port,
        timeoutMs: options.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
        method: c.req.method,
        path: `${path}${url.search}`,
        headers,
        body,
      }).finally(release)
      return await relayAnswer(upstream, c.req.method)
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
      agent.destroy()
      await deno.stop()
    },
  }
}

/**
 * The request's headers as Kong passes them on: sb_ keys (as apikey or bearer)
 * become the legacy JWTs; with verify_jwt the bearer must verify (else the 401
 * reply, as the CLI's gateway words it). OPTIONS is never checked.
 */
async function gatewayHeaders(
  c: Context,
  config: StackConfig,
  verifyJwt: boolean,
): Promise<Headers | Response> {
  const headers = new Headers(c.req.raw.headers)
  const authorization = headers.get('authorization')
  const apikey = headers.get('apikey')
  if (!authorization || /^bearer\s+sb_/i.test(authorization)) {
    const key = apikey ?? authorization?.replace(/^bearer\s+/i, '') ?? ''
    if (key) headers.set('authorization', `Bearer ${translateApiKey(key, config)}`)
  }
  if (verifyJwt && c.req.method !== 'OPTIONS') {
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
  return headers
}

/** Deno's answer relayed: its headers (hop-by-hop and length ones dropped), status and body (none for HEAD and null-body statuses). */
async function relayAnswer(upstream: IncomingMessage, method: string): Promise<Response> {
  const responseHeaders = new Headers()
  const raw = upstream.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) responseHeaders.append(raw[i]!, raw[i + 1]!)
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'connection']) {
    responseHeaders.delete(name)
  }
  const status = upstream.statusCode ?? 502
  const noBody = method === 'HEAD' || NULL_BODY_STATUSES.has(status)
  if (noBody) upstream.resume()
  return new Response(noBody ? null : await answerBody(upstream), {
    status,
    statusText: upstream.statusMessage ?? '',
    headers: responseHeaders,
  })
}
