/**
 * The local stack's configuration, parsed once from the environment (and
 * explicit overrides, used by tests). Defaults are the Supabase CLI's local
 * defaults (see the protocols reference §5), so `npm run stack` needs no setup.
 */

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/** GoTrue's IP limiters: `limit` requests per `windowSeconds`. */
export type RateLimit = { limit: number; windowSeconds: number }

export type StackConfig = {
  host: string
  /** 0 means "pick a free port" (tests). */
  ports: { api: number; db: number; inbox: number }
  /** Serve the Postgres wire protocol on ports.db (PGlite only). */
  enableDbSocket: boolean
  /** Folder PGlite persists to; null = in memory. */
  dataDir: string | null
  /** A real Postgres server instead of PGlite. */
  databaseUrl: string | null
  /** Wipe dataDir before starting. */
  reset: boolean
  jwtSecret: string
  jwtExpiry: number
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
  /** The web app's URL: e-mail links and the tag CSV point there. */
  siteUrl: string
  additionalRedirectUrls: string[]
  auth: {
    enableSignup: boolean
    enableAnonymousSignIns: boolean
    minimumPasswordLength: number
    refreshTokenRotation: boolean
    refreshTokenReuseInterval: number
    /** Seconds a recovery link / OTP stays valid. */
    otpExpiry: number
    /** Seconds a PKCE flow state stays valid. */
    flowStateExpiry: number
  }
  rateLimits: {
    tokenRefresh: RateLimit
    verify: RateLimit
    otp: RateLimit
    anonymousUsers: RateLimit
    emailSent: RateLimit
  }
  rest: {
    schemas: string[]
    extraSearchPath: string[]
    maxRows: number
    /** Per-request `statement_timeout` (Supabase's is 3 s anon / 8 s authenticated). */
    statementTimeoutSeconds: number
  }
  /**
   * Trust `X-Forwarded-For` for the client address (Auth's per-IP rate limits).
   * Off: every request counts against one address, so a client cannot pick its own.
   */
  trustProxy: boolean
  /** Scheduled jobs (part 2's scheduler): seconds between runs, 0 = off. */
  schedules: { dispatchNotificationsSeconds: number; purgeFinderDataSeconds: number }
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug'
}

export type ConfigOverrides = Partial<
  Omit<StackConfig, 'ports' | 'auth' | 'rateLimits' | 'rest' | 'schedules'>
> & {
  ports?: Partial<StackConfig['ports']>
  auth?: Partial<StackConfig['auth']>
  rateLimits?: Partial<StackConfig['rateLimits']>
  rest?: Partial<StackConfig['rest']>
  schedules?: Partial<StackConfig['schedules']>
}

type Env = Record<string, string | undefined>

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const

/** Parses the environment once; throws one error listing every bad value. */
export function parseConfig(env: Env = process.env, overrides: ConfigOverrides = {}): StackConfig {
  const problems: string[] = []
  const text = (name: string, fallback: string) => {
    const value = env[name]?.trim()
    return value ? value : fallback
  }
  const int = (name: string, fallback: number, min = 0) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min) {
      problems.push(`${name} must be a whole number >= ${min} (got "${raw}")`)
      return fallback
    }
    return value
  }
  const bool = (name: string, fallback: boolean) => {
    const raw = env[name]?.trim().toLowerCase()
    if (!raw) return fallback
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true
    if (['0', 'false', 'no', 'off'].includes(raw)) return false
    problems.push(`${name} must be true or false (got "${raw}")`)
    return fallback
  }
  const port = (name: string, fallback: number) => {
    const value = int(name, fallback)
    if (value > 65535) problems.push(`${name} must be a port number (0-65535)`)
    return value
  }
  const rate = (name: string, limit: number, windowSeconds: number): RateLimit => ({
    limit: int(name, limit, 1),
    windowSeconds,
  })
  const logLevel = text('LOCAL_SUPABASE_LOG_LEVEL', 'warn')
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOCAL_SUPABASE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  }

  const base: StackConfig = {
    host: text('LOCAL_SUPABASE_HOST', '127.0.0.1'),
    ports: {
      api: port('LOCAL_SUPABASE_API_PORT', 54321),
      db: port('LOCAL_SUPABASE_DB_PORT', 54322),
      inbox: port('LOCAL_SUPABASE_INBOX_PORT', 54324),
    },
    enableDbSocket: bool('LOCAL_SUPABASE_DB_SOCKET', true),
    dataDir: text('LOCAL_SUPABASE_DATA_DIR', '.local-supabase/data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    reset: false,
    jwtSecret: text('LOCAL_SUPABASE_JWT_SECRET', LOCAL_JWT_SECRET),
    jwtExpiry: int('LOCAL_SUPABASE_JWT_EXPIRY', 3600, 30),
    anonKey: LOCAL_ANON_KEY,
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
    siteUrl: text('SITE_URL', 'http://localhost:5173'),
    additionalRedirectUrls: text('ADDITIONAL_REDIRECT_URLS', '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    auth: {
      enableSignup: bool('LOCAL_SUPABASE_ENABLE_SIGNUP', true),
      enableAnonymousSignIns: bool('LOCAL_SUPABASE_ENABLE_ANONYMOUS_SIGN_INS', true),
      minimumPasswordLength: Math.max(6, int('LOCAL_SUPABASE_MINIMUM_PASSWORD_LENGTH', 6)),
      refreshTokenRotation: bool('LOCAL_SUPABASE_REFRESH_TOKEN_ROTATION', true),
      refreshTokenReuseInterval: int('LOCAL_SUPABASE_REFRESH_TOKEN_REUSE_INTERVAL', 10),
      otpExpiry: int('LOCAL_SUPABASE_OTP_EXPIRY', 3600, 1),
      flowStateExpiry: 300,
    },
    rateLimits: {
      tokenRefresh: rate('LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH', 150, 300),
      verify: rate('LOCAL_SUPABASE_RATE_LIMIT_VERIFY', 30, 300),
      otp: rate('LOCAL_SUPABASE_RATE_LIMIT_SIGN_IN_SIGN_UPS', 30, 300),
      anonymousUsers: rate('LOCAL_SUPABASE_RATE_LIMIT_ANONYMOUS_USERS', 30, 3600),
      emailSent: rate('LOCAL_SUPABASE_RATE_LIMIT_EMAIL_SENT', 360000, 3600),
    },
    rest: {
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
      statementTimeoutSeconds: int('LOCAL_SUPABASE_STATEMENT_TIMEOUT_SECONDS', 8, 1),
    },
    trustProxy: bool('LOCAL_SUPABASE_TRUST_PROXY', false),
    schedules: {
      dispatchNotificationsSeconds: int('LOCAL_SUPABASE_DISPATCH_EVERY_SECONDS', 10),
      purgeFinderDataSeconds: int('LOCAL_SUPABASE_PURGE_EVERY_SECONDS', 3600),
    },
    logLevel: logLevel as StackConfig['logLevel'],
  }
  if (base.jwtSecret.length < 32)
    problems.push('LOCAL_SUPABASE_JWT_SECRET must be at least 32 characters')
  for (const [name, url] of [
    ['SITE_URL', base.siteUrl],
    ...base.additionalRedirectUrls.map((u) => ['ADDITIONAL_REDIRECT_URLS', u]),
  ]) {
    if (!isHttpUrl(url ?? '')) problems.push(`${name} must be an http(s) URL (got "${url}")`)
  }
  if (problems.length > 0) {
    throw new Error(`Invalid local Supabase configuration:\n  - ${problems.join('\n  - ')}`)
  }
  return {
    ...base,
    ...overrides,
    ports: { ...base.ports, ...overrides.ports },
    auth: { ...base.auth, ...overrides.auth },
    rateLimits: { ...base.rateLimits, ...overrides.rateLimits },
    rest: { ...base.rest, ...overrides.rest },
    schedules: { ...base.schedules, ...overrides.schedules },
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
