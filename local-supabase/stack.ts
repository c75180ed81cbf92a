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
import { parseConfig, type ConfigOverrides, type StackConfig } from './config.ts'
import type { StackContext } from './context.ts'
import { applyLimits } from './db/limits.ts'
import { openDatabase } from './db/open.ts'
import { recreateDatabase } from './db/postgres-admin.ts'
import type { Database, Row } from './db/types.ts'
import { createInbox } from './inbox/app.ts'
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
  const config = parseConfig(
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
  const log = createLogger(config.logLevel)
  if (config.unsupported.length > 0) {
    log.warn(
      `supabase/config.toml settings the local stack does not support:\n  - ${config.unsupported.join('\n  - ')}`,
    )
  }
  if (config.reset) {
    if (config.databaseUrl) await recreateDatabase(config.databaseUrl)
    else if (config.dataDir) await rm(config.dataDir, { recursive: true, force: true })
    // Storage's files go with the database that lists them
    if (config.dataDir) await rm(storageFolder(config.dataDir), { recursive: true, force: true })
  }
  // PGlite creates its data folder but not the folders above it (a fresh clone has no .local-supabase/).
  if (config.dataDir) await mkdir(dirname(config.dataDir), { recursive: true })

  const closers: (() => Promise<void>)[] = []
  const close = async () => {
    for (const closer of closers.reverse()) {
      await closer().catch((error: unknown) => log.warn({ err: error }, 'error while stopping'))
    }
  }
  try {
    const inbox = createInbox()
    const inboxServer = createServer(getRequestListener(inbox.app.fetch))
    const inboxPort = await listen(inboxServer, config.ports.inbox, config.host)
    closers.push(() => closeServer(inboxServer))
    const inboxUrl = `http://${config.host}:${inboxPort}`

    // Until every service is up, the API answers 503 rather than leaving requests hanging.
    let handle: RequestListener = (_request, response) => {
      response.writeHead(503, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ message: 'The local Supabase stack is starting' }))
    }
    const apiServer = createServer((request, response) => void handle(request, response))
    const apiPort = await listen(apiServer, config.ports.api, config.host)
    closers.push(() => closeServer(apiServer))
    const apiUrl = `http://${config.host}:${apiPort}`

    // The database (migrations) and Deno (Edge Functions) boot side by side.
    const opening = openDatabase({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      seed: options.seed ?? config.seed,
    })
    const booting =
      options.functions === false
        ? Promise.resolve(null)
        : createFunctionsGateway({
            db: deferredDatabase(opening),
            config,
            log,
            apiUrl,
            inboxUrl,
            ...(options.functionsEnvFile ? { envFile: options.functionsEnvFile } : {}),
            ...(config.configPath ? { configPath: config.configPath } : {}),
          })
    const [dbResult, functionsResult] = await Promise.allSettled([opening, booting])
    if (dbResult.status === 'fulfilled') closers.unshift(() => dbResult.value.close())
    if (functionsResult.status === 'fulfilled' && functionsResult.value) {
      const gateway = functionsResult.value
      closers.push(() => gateway.close())
    }
    if (dbResult.status === 'rejected') throw dbResult.reason
    if (functionsResult.status === 'rejected') throw functionsResult.reason
    const db = dbResult.value
    await applyLimits(db, config.limits)
    // A generated signing key is kept in the data folder PGlite has now created.
    persistGeneratedKey(config.jwtKeys)
    const functions = functionsResult.value
    const ctx: StackContext = { db, config, log }

    let storage: Hono | null = null
    if (config.storage.enabled) {
      // in memory: a folder of its own, removed on close
      const folder = config.dataDir
        ? storageFolder(config.dataDir)
        : await mkdtemp(join(tmpdir(), 'local-supabase-storage-'))
      if (!config.dataDir) closers.push(() => rm(folder, { recursive: true, force: true }))
      await mkdir(folder, { recursive: true })
      await seedBuckets(db, config.storage.buckets)
      storage = createStorageApp({ ...ctx, files: createFileStore(folder) })
    }

    const realtime = attachRealtime(apiServer, ctx)
    closers.push(() => realtime.close())
    const app = buildApiApp({
      ...ctx,
      apiUrl,
      sendEmail: (email) => inbox.store.addEmail(email),
      realtime: realtime.app,
      storage,
      functions: functions?.app ?? unavailableFunctions(),
    })
    handle = getRequestListener(app.fetch)

    let dbUrl: string | null = null
    if (config.enableDbSocket && !config.databaseUrl) {
      const socket = await startDbSocket(db, config.host, config.ports.db).catch(
        (error: unknown) => {
          log.warn({ err: error }, 'Postgres wire access is off')
          return null
        },
      )
      if (socket) {
        dbUrl = socket.url
        closers.push(() => socket.close())
      }
    }

    const scheduler = options.scheduler === false ? null : await startScheduler({ ...ctx, apiUrl })
    if (scheduler) closers.push(() => scheduler.stop())

    return {
      apiUrl,
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
