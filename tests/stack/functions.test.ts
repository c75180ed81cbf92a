/**
 * Edge Functions gateway conformance: real Deno, the CLI gateway's answers
 * (404, 401, 503 BOOT_ERROR, 500 WORKER_ERROR), verify_jwt from config.toml,
 * the functions' environment and reload on change — driven by supabase-js.
 */
import { execFileSync, spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createFunctionsGateway } from '../../local-supabase/functions/gateway.ts'
import { startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'
import { eventually, mintToken } from '../../local-supabase/testing/realtime-support.ts'

const fixtures = fileURLToPath(new URL('../../local-supabase/testing/fixtures', import.meta.url))

let stack: TestStack
let functionsDir: string
let server: Server
let apiUrl: string
let gateway: Awaited<ReturnType<typeof createFunctionsGateway>>

beforeAll(async () => {
  stack = await startTestStack()
  // A copy, so the reload test can edit a function without touching the repository.
  functionsDir = await mkdtemp(join(tmpdir(), 'homeward-functions-'))
  await cp(join(fixtures, 'functions'), functionsDir, { recursive: true })
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  gateway = await createFunctionsGateway({
    ...stack.context,
    apiUrl,
    functionsDir,
    configPath: join(fixtures, 'config.toml'),
  })
  const app = new Hono()
  app.mount('/functions/v1', (request) => gateway.app.fetch(request))
  server.on('request', getRequestListener(app.fetch))
})

afterAll(async () => {
  await gateway?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await stack?.close()
  if (functionsDir) await rm(functionsDir, { recursive: true, force: true })
})

function clientWith(key: string, accessToken?: string): SupabaseClient {
  return createClient(apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    ...(accessToken ? { accessToken: async () => accessToken } : {}),
  })
}

async function errorBody(error: unknown): Promise<{ status: number; body: string }> {
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const response = (error as FunctionsHttpError).context as Response
  return { status: response.status, body: await response.text() }
}

describe('functions gateway', () => {
  it('answers 401 without a JWT (publishable key only translates to anon, so use a raw request)', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/echo`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' })
  })

  it('answers 401 Invalid JWT for a bad token', async () => {
    const { error } = await clientWith(stack.config.anonKey, 'not.a.jwt').functions.invoke('echo', {
      body: {},
    })
    const { status, body } = await errorBody(error)
    expect(status).toBe(401)
    expect(JSON.parse(body)).toEqual({ msg: 'Invalid JWT' })
  })

  it('runs the function with a user JWT and Supabase’s environment', async () => {
    const token = await mintToken(stack, '00000000-0000-4000-8000-000000000001')
    const { data, error } = await clientWith(stack.config.publishableKey, token).functions.invoke(
      'echo',
      { body: { hello: 'world' } },
    )
    expect(error).toBeNull()
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: `Bearer ${token}`,
      body: { hello: 'world' },
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: stack.config.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stack.config.serviceRoleKey,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.config.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.config.secretKey }),
        FROM_ENV_FILE: 'hello from .env',
        // The stack's site URL, as a deployed project's SITE_URL secret (CORS, links).
        SITE_URL: stack.config.siteUrl,
      },
    })
  })

  it('translates the publishable key to the anon JWT, as the CLI gateway does', async () => {
    const { data, error } = await clientWith(stack.config.publishableKey).functions.invoke('echo', {
      method: 'GET',
    })
    expect(error).toBeNull()
    expect((data as { authorization: string }).authorization).toBe(`Bearer ${stack.config.anonKey}`)
  })

  it('lets the function answer the CORS preflight itself', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/echo`, { method: 'OPTIONS' })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.text()).toBe('ok')
  })

  it('honours verify_jwt = false from config.toml and serves export default { fetch }', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/open`, { method: 'PUT' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ open: true, method: 'PUT' })
  })

  it('answers 500 WORKER_ERROR when the function throws', async () => {
    const { error } = await clientWith(stack.config.anonKey).functions.invoke('throws', {
      body: {},
    })
    const { status, body } = await errorBody(error)
    expect(status).toBe(500)
    expect(JSON.parse(body)).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
  })

  it('answers 503 BOOT_ERROR when the function cannot load', async () => {
    const { error } = await clientWith(stack.config.anonKey).functions.invoke('boot-fails')
    const { status, body } = await errorBody(error)
    expect(status).toBe(503)
    expect(JSON.parse(body)).toEqual({
      code: 'BOOT_ERROR',
      message: 'Worker failed to boot (please check logs)',
    })
  })

  it('answers 404 Function not found for an unknown or private folder', async () => {
    for (const name of ['nope', '_shared']) {
      const response = await fetch(`${apiUrl}/functions/v1/${name}`, {
        headers: { authorization: `Bearer ${stack.config.anonKey}` },
      })
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Function not found')
    }
  })

  it('hands a burst of requests to a function a few at a time, and answers them all', async () => {
    // A gateway of its own whose places are held until each answer begins: on a loaded
    // machine a 40 ms call can stay with Deno past the default 250 ms hold, after which it
    // stops counting by design (the next test), and more go in. Here only the limit of 4 counts.
    const steady = await createFunctionsGateway({
      ...stack.context,
      apiUrl,
      functionsDir,
      configPath: join(fixtures, 'config.toml'),
      admission: { holdMs: 60_000 },
    })
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          Promise.resolve(steady.app.fetch(new Request(`${apiUrl}/functions/v1/slow?ms=40`))).then(
            async (response) => ({
              status: response.status,
              ...((await response.json()) as { alongside: number }),
            }),
          ),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200))
      expect(Math.max(...answers.map((answer) => answer.alongside))).toBeLessThanOrEqual(4)
    } finally {
      await steady.close()
    }
  }, 60_000)

  it('does not keep a request waiting behind slow calls to the same function', async () => {
    let slowAnswered = 0
    const slow = Array.from({ length: 4 }, () =>
      fetch(`${apiUrl}/functions/v1/slow?ms=4000`)
        .then((response) => response.json())
        .then(() => (slowAnswered += 1)),
    )
    // Quick calls, one after another, until one runs beside all four slow ones (five at
    // once): the four took the function's places first, and the quick one got in anyway.
    // (Sent side by side with them, a quick call can reach the gateway before the last
    // slow one does, and then it is one of the first four.)
    await eventually(
      async () => {
        const response = await fetch(`${apiUrl}/functions/v1/slow`)
        return ((await response.json()) as { alongside: number }).alongside === 5
      },
      'a quick call answered beside the four slow ones',
      3_500,
    )
    expect(slowAnswered).toBe(0)
    await Promise.all(slow)
  })

  it('reloads a function after its file changes', async () => {
    const client = clientWith(stack.config.anonKey)
    const first = await client.functions.invoke('echo', { method: 'GET' })
    expect((first.data as { version: number }).version).toBe(1)
    const file = join(functionsDir, 'echo', 'index.ts')
    await writeFile(file, (await readFile(file, 'utf8')).replace('version: 1', 'version: 2'))
    await eventually(
      async () => {
        const next = await client.functions.invoke('echo', { method: 'GET' })
        return (next.data as { version: number }).version === 2
      },
      'the new version',
      15_000,
    )
  })

  it('starts a new Deno process if the one it runs dies', async () => {
    // The only child of this test process is the gateway's Deno (the stack runs without functions).
    const pids = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((row) => /\bdeno\b/.test(row))
      .map((row) => Number(row.trim().split(/\s+/)[0]))
    expect(pids).toHaveLength(1)
    process.kill(pids[0]!, 'SIGKILL')
    const client = clientWith(stack.config.anonKey)
    await eventually(
      async () =>
        (await client.functions.invoke('echo', { method: 'GET' })).response?.status === 200,
      'the gateway answering again',
      20_000,
    )
  })
})

describe('functions gateway timeout', () => {
  it('answers 504 as Kong does when a function takes too long, and serves the next call', async () => {
    const short = await createFunctionsGateway({
      ...stack.context,
      apiUrl,
      functionsDir,
      configPath: join(fixtures, 'config.toml'),
      upstreamTimeoutMs: 500,
    })
    const call = (search: string) =>
      short.app.fetch(new Request(`${apiUrl}/functions/v1/slow${search}`))
    try {
      const late = await call('?ms=3000')
      expect(late.status).toBe(504)
      expect(await late.json()).toEqual({ message: 'The upstream server is timing out' })
      const next = await call('')
      expect(next.status).toBe(200)
    } finally {
      await short.close()
    }
  }, 60_000)
})

describe('the functions Deno process', () => {
  it('exits when the stack that started it is gone (its stdin ends), even after SIGKILL', async () => {
    const router = fileURLToPath(
      new URL('../../local-supabase/functions/deno-router.js', import.meta.url),
    )
    const deno = fileURLToPath(new URL('../../node_modules/.bin/deno', import.meta.url))
    const child = spawn(deno, ['run', '--allow-all', '--no-config', router, functionsDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    for await (const line of createInterface({ input: child.stdout })) {
      if (line.startsWith('LOCAL_FUNCTIONS_READY')) break
    }
    // what the kernel does to the pipe when the stack dies
    child.stdin.end()
    expect(await exited).toBe(0)
  }, 60_000)
})
