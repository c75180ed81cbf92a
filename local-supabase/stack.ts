/**
 * Starts the whole local stack in this process: database, API gateway (Auth,
 * REST, Realtime, Edge Functions), dev inbox, optional Postgres wire access,
 * scheduler. Used by the CLI, `npm start`, the tests and the bench.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import type { Logger } from 'pino'
import { parseConfig, type ConfigOverrides, type StackConfig } from './config.ts'
import type { StackContext } from './context.ts'
import { applyLimits } from './db/limits.ts'
import { openDatabase } from './db/open.ts'
import { recreateDatabase } from './db/postgres-admin.ts'
import type { Database, Row } from './db/types.ts'
import { createInbox } from './inbox/app.ts'
import { createInboxStore, inboxFile } from './inbox/store.ts'
import type { InboxStore } from './inbox/store.ts'
import { createLogger } from './log.ts'
import { buildApiApp } from './server.ts'
import { startDbSocket } from './db-socket.ts'
import { createFunctionsGateway } from './functions/gateway.ts'
import { attachRealtime } from './realtime/attach.ts'
import { startScheduler } from './scheduler.ts'
import { persistGeneratedKey } from './signing-keys.ts'
import { createStorageApp } from './storage/app.ts'
import { seedBuckets } from './storage/buckets.ts'
import { createFileStore, storageFolder } from './storage/files.ts'

export type StartStackOptions = {
  /** Ports; 0 picks a free one (tests). Default: the config's (54321/54322/54324). */
  ports?: Partial<StackConfig['ports']>
  /** Folder to persist data in; null = in memory. Default: the config's (.local-supabase/data). */
  dataDir?: string | null
  /** Wipe the data folder first. */
  reset?: boolean
  /** Apply supabase/seed.sql on a new database (default true). */
  seed?: boolean
  /** Serve the Postgres wire protocol (default: config, true). */
  dbSocket?: boolean
  /** Start the Edge Functions gateway (default true). */
  functions?: boolean
  /** The functions' env file (default supabase/functions/.env). */
  functionsEnvFile?: string
  /** Run the migrations' cron jobs and pg_net requests (default true). */
  scheduler?: boolean
  /** supabase/config.toml to read (default: the repository's). */
  configPath?: string
  /** Any other configuration (rate limits, log level, …). */
  config?: ConfigOverrides
  env?: Record<string, string | undefined>
}

export type RunningStack = {
  apiUrl: string
  inboxUrl: string
  /** postgresql:// URL of the wire server, null when it is off. */
  dbUrl: string | null
  config: StackConfig
  context: StackContext
  inbox: InboxStore
  schedules: string[]
  close(): Promise<void>
}

export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const config = stackConfig(options)
  const log = createLogger(config.logLevel)
  if (config.unsupported.length > 0) {
    log.warn(
      `supabase/config.toml settings the local stack does not support:\n  - ${config.unsupported.join('\n  - ')}`,
    )
  }
  await prepareDataFolder(config)

  const closers: Closer[] = []
  const close = async () => {
    for (const closer of closers.reverse()) {
      await closer().catch((error: unknown) => log.warn({ err: error }, 'error while stopping'))
    }
  }
  try {
    // Kept beside the data folder: a restart keeps what was caught (reset empties it).
    const inbox = createInbox(
      createInboxStore(config.dataDir ? { file: inboxFile(config.dataDir) } : {}),
    )
    const inboxServer = createServer(getRequestListener(inbox.app.fetch))
    const inboxPort = await listen(inboxServer, config.ports.inbox, config.host)
    closers.push(() => closeServer(inboxServer))
    const inboxUrl = `http://${config.host}:${inboxPort}`
    const api = await startApiServer(config)
    closers.push(api.close)

    const { db, functions } = await openDatabaseAndFunctions(options, closers, {
      config,
      log,
      apiUrl: api.url,
      inboxUrl,
    })
    await applyLimits(db, config.limits)
    // Web Push: this stack's inbox is the one plain-http endpoint a subscription may name.
    await db.query('update app_private.push_settings set local_endpoint_prefix = $1', [
      `${inboxUrl}/push/`,
    ])
    // A generated signing key is kept in the data folder PGlite has now created.
    persistGeneratedKey(config.jwtKeys)
    const ctx: StackContext = { db, config, log }
    const storage = config.storage.enabled ? await startStorage(ctx, closers) : null
    const realtime = attachRealtime(api.server, ctx)
    closers.push(() => realtime.close())
    api.serve(
      buildApiApp({
        ...ctx,
        apiUrl: api.url,
        sendEmail: (email) => inbox.store.addEmail(email),
        realtime: realtime.app,
        storage,
        functions: functions?.app ?? unavailableFunctions(),
      }),
    )
    const dbUrl =
      config.enableDbSocket && !config.databaseUrl ? await startWireAccess(ctx, closers) : null
    const scheduler =
      options.scheduler === false ? null : await startScheduler({ ...ctx, apiUrl: api.url })
    if (scheduler) closers.push(() => scheduler.stop())

    return {
      apiUrl: api.url,
      inboxUrl,
      dbUrl,
      config,
      context: ctx,
      inbox: inbox.store,
      schedules: scheduler?.describe() ?? [],
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

type Closer = () => Promise<void>

/** The configuration, with the start options (ports, data folder, reset, wire access) over it. */
function stackConfig(options: StartStackOptions): StackConfig {
  return parseConfig(
    options.env ?? process.env,
    {
      ...options.config,
      ports: { ...options.config?.ports, ...options.ports },
      ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
      ...(options.reset !== undefined ? { reset: options.reset } : {}),
      ...(options.dbSocket !== undefined ? { enableDbSocket: options.dbSocket } : {}),
    },
    options.configPath !== undefined ? { configPath: options.configPath } : {},
  )
}

/** A reset wipes the database and Storage's files; the folders above the data folder are created. */
async function prepareDataFolder(config: StackConfig): Promise<void> {
  if (config.reset) {
    if (config.databaseUrl) await recreateDatabase(config.databaseUrl)
    else if (config.dataDir) await rm(config.dataDir, { recursive: true, force: true })
    // Storage's files go with the database that lists them
    if (config.dataDir) await rm(storageFolder(config.dataDir), { recursive: true, force: true })
    // and so does the inbox of what it sent
    if (config.dataDir) await rm(inboxFile(config.dataDir), { force: true })
  }
  // PGlite creates its data folder but not the folders above it (a fresh clone has no .local-supabase/).
  if (config.dataDir) await mkdir(dirname(config.dataDir), { recursive: true })
}

/** The API port, listening at once: until `serve` is given the app, it answers 503 rather than leaving requests hanging. */
async function startApiServer(config: StackConfig) {
  let handle: RequestListener = (_request, response) => {
    response.writeHead(503, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ message: 'The local Supabase stack is starting' }))
  }
  const server = createServer((request, response) => void handle(request, response))
  const port = await listen(server, config.ports.api, config.host)
  return {
    server,
    url: `http://${config.host}:${port}`,
    serve(app: Hono) {
      handle = getRequestListener(app.fetch)
    },
    close: () => closeServer(server),
  }
}

/** The database (migrations) and Deno (Edge Functions) boot side by side; each that started is closed with the stack. */
async function openDatabaseAndFunctions(
  options: StartStackOptions,
  closers: Closer[],
  gateway: { config: StackConfig; log: Logger; apiUrl: string; inboxUrl: string },
) {
  const { config } = gateway
  const opening = openDatabase({
    ...(config.dataDir ? { dataDir: config.dataDir } : {}),
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    seed: options.seed ?? config.seed,
  })
  const booting =
    options.functions === false
      ? Promise.resolve(null)
      : createFunctionsGateway({
          ...gateway,
          db: deferredDatabase(opening),
          ...(options.functionsEnvFile ? { envFile: options.functionsEnvFile } : {}),
          ...(config.configPath ? { configPath: config.configPath } : {}),
        })
  const [dbResult, functionsResult] = await Promise.allSettled([opening, booting])
  if (dbResult.status === 'fulfilled') closers.unshift(() => dbResult.value.close())
  if (functionsResult.status === 'fulfilled' && functionsResult.value) {
    const functions = functionsResult.value
    closers.push(() => functions.close())
  }
  if (dbResult.status === 'rejected') throw dbResult.reason
  if (functionsResult.status === 'rejected') throw functionsResult.reason
  return { db: dbResult.value, functions: functionsResult.value }
}

/** Storage's files beside the data folder, or in memory in a folder of their own removed on close; buckets from config.toml. */
async function startStorage(ctx: StackContext, closers: Closer[]): Promise<Hono> {
  const { config, db } = ctx
  const folder = config.dataDir
    ? storageFolder(config.dataDir)
    : await mkdtemp(join(tmpdir(), 'local-supabase-storage-'))
  if (!config.dataDir) closers.push(() => rm(folder, { recursive: true, force: true }))
  await mkdir(folder, { recursive: true })
  await seedBuckets(db, config.storage.buckets)
  return createStorageApp({ ...ctx, files: createFileStore(folder) })
}

/** The Postgres wire server on ports.db (PGlite only); its URL, or null when it could not start. */
async function startWireAccess(ctx: StackContext, closers: Closer[]): Promise<string | null> {
  const { db, config, log } = ctx
  const socket = await startDbSocket(db, config.host, config.ports.db).catch((error: unknown) => {
    log.warn({ err: error }, 'Postgres wire access is off')
    return null
  })
  if (!socket) return null
  closers.push(() => socket.close())
  return socket.url
}

/** A Database whose calls wait for the one being opened (for services that boot alongside it). */
function deferredDatabase(opening: Promise<Database>): Database {
  return {
    query: async <R extends Row = Row>(sql: string, params?: unknown[]) =>
      (await opening).query<R>(sql, params),
    exec: async (sql) => (await opening).exec(sql),
    transaction: async (fn, options) => (await opening).transaction(fn, options),
    listen: async (channel, onPayload) => (await opening).listen(channel, onPayload),
    close: async () => (await opening).close(),
  }
}

function unavailableFunctions(): Hono {
  const app = new Hono()
  app.all('*', (c) =>
    c.json({ code: 'BOOT_ERROR', message: 'Edge Functions are turned off in this stack' }, 503),
  )
  return app
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is already in use (is another stack running?)`)
          : error,
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
