/**
 * The local stack's configuration, parsed once. supabase/config.toml (the file
 * `supabase start` and `supabase config push` read) is the one source of
 * settings, read with a real TOML parser; environment variables override it
 * (LOCAL_SUPABASE_*, SITE_URL, ADDITIONAL_REDIRECT_URLS, DATABASE_URL), and
 * tests pass explicit overrides or another config.toml. A setting the stack
 * does not support is listed in `unsupported` (printed at start-up), never
 * silently ignored. Keys and defaults follow the Supabase CLI (protocols
 * reference §5).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseToml } from 'smol-toml'
import { compileTemplate, type EmailTemplate } from './auth/templates.ts'
import { loadJwtKeys, type JwtKeys } from './signing-keys.ts'
import { EnvReader, type Env, type RateLimit } from './config-env.ts'
import { readTomlSettings, type BucketSetting, type TomlSettings } from './config-toml.ts'

/** The repository's supabase/config.toml. */
export const DEFAULT_CONFIG_PATH = fileURLToPath(
  new URL('../supabase/config.toml', import.meta.url),
)

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export type { RateLimit } from './config-env.ts'

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
  /** The legacy shared secret (HS256 anon / service_role JWTs). */
  jwtSecret: string
  /** `[auth] signing_keys_path`, resolved (null: a key kept in the data folder). */
  signingKeysPath: string | null
  /** Signing key, public JWKS and legacy secret (signing-keys.ts). */
  jwtKeys: JwtKeys
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
    /** New e-mail users confirm before signing in ([auth.email] enable_confirmations). */
    enableConfirmations: boolean
    /** A password change needs a recent sign-in ([auth.email] secure_password_change). */
    securePasswordChange: boolean
  }
  rateLimits: {
    tokenRefresh: RateLimit
    verify: RateLimit
    otp: RateLimit
    anonymousUsers: RateLimit
    emailSent: RateLimit
  }
  rest: { schemas: string[]; extraSearchPath: string[]; maxRows: number }
  /** REST's per-request `statement_timeout` (Supabase's is 3 s anon / 8 s authenticated). */
  restStatementTimeoutSeconds: number
  /**
   * Trust a proxy in front of the stack for the client address: Auth's per-IP
   * rate limits read `X-Forwarded-For`, and the functions get the proxy's
   * `X-Forwarded-For` / `CF-Connecting-IP` as sent. Off: the connection's own
   * address counts, so a client cannot pick its own (client-address.ts).
   */
  trustProxy: boolean
  /**
   * Rows of the project's `app_private.limits` (docs/limits-and-settings.md "Limits") set at start,
   * by name: `LOCAL_SUPABASE_LIMITS=proof_free_per_address=1000` (db/limits.ts).
   */
  limits: Record<string, number>
  /** The e-mails Auth sends: sender and the recovery and sign-up confirmation templates. */
  email: {
    senderName: string
    adminEmail: string
    recovery: EmailTemplate
    confirmation: EmailTemplate
  }
  /** Apply supabase/seed.sql on a new database ([db.seed] enabled). */
  seed: boolean
  /** [storage]: Storage API on or off, the global size cap (bytes) and the buckets to create. */
  storage: { enabled: boolean; fileSizeLimit: number; buckets: BucketSetting[] }
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug'
  /** The config.toml read (null: none, CLI defaults). */
  configPath: string | null
  /** Settings in config.toml the local stack does not support, one line each. */
  unsupported: string[]
}

export type ConfigOverrides = Partial<
  Omit<StackConfig, 'ports' | 'auth' | 'rateLimits' | 'rest' | 'email'>
> & {
  ports?: Partial<StackConfig['ports']>
  auth?: Partial<StackConfig['auth']>
  rateLimits?: Partial<StackConfig['rateLimits']>
  rest?: Partial<StackConfig['rest']>
  email?: Partial<StackConfig['email']>
}

export type ConfigSource = {
  /** config.toml to read instead of the repository's; null reads none (CLI defaults). */
  configPath?: string | null
}

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const

/**
 * Reads config.toml, then the environment over it; throws one error listing
 * every bad value.
 */
export function parseConfig(
  env: Env = process.env,
  overrides: ConfigOverrides = {},
  source: ConfigSource = {},
): StackConfig {
  const problems: string[] = []
  const configPath =
    source.configPath === undefined
      ? DEFAULT_CONFIG_PATH
      : source.configPath && path.resolve(source.configPath)
  const toml = readConfigFile(configPath, source.configPath !== undefined, env, problems)
  const base = readSettings(new EnvReader(env, problems), env, toml, configPath)
  checkSettings(base, problems)
  if (problems.length === 0) {
    try {
      base.jwtKeys = loadJwtKeys({
        secret: overrides.jwtSecret ?? base.jwtSecret,
        signingKeysPath: overrides.signingKeysPath ?? base.signingKeysPath,
        dataDir: overrides.dataDir !== undefined ? overrides.dataDir : base.dataDir,
        fresh: overrides.reset ?? base.reset,
      })
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error))
    }
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
    email: { ...base.email, ...overrides.email },
  }
}

/** Every setting from the environment over config.toml (the signing keys are loaded later, once all are valid). */
function readSettings(
  read: EnvReader,
  env: Env,
  toml: TomlSettings,
  configPath: string | null,
): StackConfig {
  // Relative template paths are relative to the project folder (the one holding supabase/), as the CLI reads them.
  const projectDir = configPath ? path.resolve(path.dirname(configPath), '..') : process.cwd()
  const recovery = loadTemplate('recovery', toml.email.recovery, projectDir, read.problems)
  const confirmation = loadTemplate(
    'confirmation',
    toml.email.confirmation,
    projectDir,
    read.problems,
  )
  const logLevel = read.text('LOCAL_SUPABASE_LOG_LEVEL', 'warn')
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    read.problems.push(`LOCAL_SUPABASE_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  }
  return {
    host: read.text('LOCAL_SUPABASE_HOST', '127.0.0.1'),
    ports: {
      api: read.port('LOCAL_SUPABASE_API_PORT', toml.ports.api ?? 54321),
      db: read.port('LOCAL_SUPABASE_DB_PORT', toml.ports.db ?? 54322),
      inbox: read.port('LOCAL_SUPABASE_INBOX_PORT', toml.ports.inbox ?? 54324),
    },
    enableDbSocket: read.bool('LOCAL_SUPABASE_DB_SOCKET', true),
    dataDir: read.text('LOCAL_SUPABASE_DATA_DIR', '.local-supabase/data'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    reset: false,
    jwtSecret: read.text('LOCAL_SUPABASE_JWT_SECRET', LOCAL_JWT_SECRET),
    signingKeysPath: signingKeysPath(env, toml, configPath),
    jwtKeys: undefined as unknown as JwtKeys, // loaded by parseConfig, once the settings are checked
    jwtExpiry: read.int('LOCAL_SUPABASE_JWT_EXPIRY', toml.jwtExpiry ?? 3600, 30),
    anonKey: LOCAL_ANON_KEY,
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
    siteUrl: read.text('SITE_URL', toml.siteUrl ?? 'http://127.0.0.1:3000'),
    additionalRedirectUrls:
      read.list('ADDITIONAL_REDIRECT_URLS') ?? toml.additionalRedirectUrls ?? [],
    auth: authSettings(read, toml),
    rateLimits: rateLimitSettings(read, toml),
    rest: {
      schemas: toml.rest.schemas ?? ['public', 'graphql_public'],
      extraSearchPath: toml.rest.extraSearchPath ?? ['public', 'extensions'],
      maxRows: toml.rest.maxRows ?? 1000,
    },
    restStatementTimeoutSeconds: read.int('LOCAL_SUPABASE_STATEMENT_TIMEOUT_SECONDS', 8, 1),
    trustProxy: read.bool('LOCAL_SUPABASE_TRUST_PROXY', false),
    limits: parseLimits(env.LOCAL_SUPABASE_LIMITS, read.problems),
    email: {
      senderName: read.text(
        'LOCAL_SUPABASE_EMAIL_SENDER_NAME',
        toml.email.senderName ?? 'Supabase Auth',
      ),
      adminEmail: read.text(
        'LOCAL_SUPABASE_EMAIL_ADMIN_EMAIL',
        toml.email.adminEmail ?? 'admin@email.com',
      ),
      recovery,
      confirmation,
    },
    seed: toml.seed ?? true,
    storage: {
      // the CLI's defaults: on, 50 MiB
      enabled: toml.storage.enabled ?? true,
      fileSizeLimit: toml.storage.fileSizeLimit ?? 50 * 1024 * 1024,
      buckets: toml.storage.buckets,
    },
    logLevel: logLevel as StackConfig['logLevel'],
    configPath,
    unsupported: toml.unsupported,
  }
}

function authSettings(read: EnvReader, toml: TomlSettings): StackConfig['auth'] {
  return {
    enableSignup: read.bool('LOCAL_SUPABASE_ENABLE_SIGNUP', toml.auth.enableSignup ?? true),
    enableAnonymousSignIns: read.bool(
      'LOCAL_SUPABASE_ENABLE_ANONYMOUS_SIGN_INS',
      toml.auth.enableAnonymousSignIns ?? false,
    ),
    // GoTrue: max(configured, 6).
    minimumPasswordLength: Math.max(
      6,
      read.int('LOCAL_SUPABASE_MINIMUM_PASSWORD_LENGTH', toml.auth.minimumPasswordLength ?? 6),
    ),
    refreshTokenRotation: read.bool(
      'LOCAL_SUPABASE_REFRESH_TOKEN_ROTATION',
      toml.auth.refreshTokenRotation ?? true,
    ),
    refreshTokenReuseInterval: read.int(
      'LOCAL_SUPABASE_REFRESH_TOKEN_REUSE_INTERVAL',
      toml.auth.refreshTokenReuseInterval ?? 10,
    ),
    otpExpiry: read.int('LOCAL_SUPABASE_OTP_EXPIRY', toml.auth.otpExpiry ?? 3600, 1),
    flowStateExpiry: 300,
    enableConfirmations: read.bool(
      'LOCAL_SUPABASE_ENABLE_CONFIRMATIONS',
      toml.auth.enableConfirmations ?? false,
    ),
    securePasswordChange: read.bool(
      'LOCAL_SUPABASE_SECURE_PASSWORD_CHANGE',
      toml.auth.securePasswordChange ?? false,
    ),
  }
}

function rateLimitSettings(read: EnvReader, toml: TomlSettings): StackConfig['rateLimits'] {
  const limits = toml.rateLimits
  return {
    tokenRefresh: read.rate(
      'LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH',
      limits.tokenRefresh ?? 150,
      300,
    ),
    verify: read.rate('LOCAL_SUPABASE_RATE_LIMIT_VERIFY', limits.verify, 300),
    otp: read.rate('LOCAL_SUPABASE_RATE_LIMIT_SIGN_IN_SIGN_UPS', limits.otp, 300),
    anonymousUsers: read.rate(
      'LOCAL_SUPABASE_RATE_LIMIT_ANONYMOUS_USERS',
      limits.anonymousUsers,
      3600,
    ),
    emailSent: read.rate('LOCAL_SUPABASE_RATE_LIMIT_EMAIL_SENT', limits.emailSent ?? 360000, 3600),
  }
}

/** Rules across settings: the legacy secret's length, and every redirect URL http(s). */
function checkSettings(config: StackConfig, problems: string[]): void {
  if (config.jwtSecret.length < 32)
    problems.push('LOCAL_SUPABASE_JWT_SECRET must be at least 32 characters')
  for (const [name, url] of [
    ['SITE_URL', config.siteUrl],
    ...config.additionalRedirectUrls.map((u) => ['ADDITIONAL_REDIRECT_URLS', u]),
  ]) {
    if (!isHttpUrl(url ?? '')) problems.push(`${name} must be an http(s) URL (got "${url}")`)
  }
}

/** `name=count[,name=count…]`: limit names as app_private.limits spells them, counts >= 1. */
function parseLimits(raw: string | undefined, problems: string[]): Record<string, number> {
  const limits: Record<string, number> = {}
  for (const entry of (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z_][a-z0-9_]*)=(\d+)$/.exec(entry)
    if (!match || Number(match[2]) < 1) {
      problems.push(`LOCAL_SUPABASE_LIMITS must be name=count pairs, counts >= 1 (got "${entry}")`)
    } else {
      limits[match[1]!] = Number(match[2])
    }
  }
  return limits
}

/**
 * `[auth] signing_keys_path` (relative to the folder holding config.toml, as the
 * CLI reads it), or LOCAL_SUPABASE_SIGNING_KEYS_PATH (relative to the working folder).
 */
function signingKeysPath(env: Env, toml: TomlSettings, configPath: string | null): string | null {
  const fromEnv = env.LOCAL_SUPABASE_SIGNING_KEYS_PATH?.trim()
  if (fromEnv) return path.resolve(fromEnv)
  const fromToml = toml.auth.signingKeysPath?.trim()
  if (!fromToml) return null
  return path.resolve(configPath ? path.dirname(configPath) : process.cwd(), fromToml)
}

/** Parses config.toml; a missing default file means the CLI defaults, a missing explicit one is an error. */
function readConfigFile(
  configPath: string | null,
  explicit: boolean,
  env: Env,
  problems: string[],
): TomlSettings {
  const empty = readTomlSettings({}, env)
  if (!configPath) return empty
  let text: string
  try {
    text = readFileSync(configPath, 'utf8')
  } catch {
    if (explicit) problems.push(`cannot read ${configPath}`)
    return empty
  }
  try {
    const withFiles = { ...supabaseEnvFiles(path.dirname(configPath), env.SUPABASE_ENV), ...env }
    const settings = readTomlSettings(parseToml(text), withFiles)
    problems.push(...settings.problems)
    return settings
  } catch (error) {
    problems.push(
      `${configPath} is not valid TOML: ${error instanceof Error ? error.message : String(error)}`,
    )
    return empty
  }
}

/**
 * The variables the Supabase CLI loads before it reads config.toml's env(): in the
 * folder holding config.toml, then the one above it (the project), the files
 * `.env.<SUPABASE_ENV>.local`, `.env.local` (not when SUPABASE_ENV is "test"),
 * `.env.<SUPABASE_ENV>` and `.env`, SUPABASE_ENV defaulting to "development"; the
 * first file to set a name wins, and the environment wins over every file
 * (godotenv.Load never overwrites). So supabase/.env.development holds the local
 * values, and `SUPABASE_ENV=production` with the real ones set is what a push reads.
 */
export function supabaseEnvFiles(supabaseDir: string, supabaseEnv = ''): Env {
  const name = supabaseEnv.trim() || 'development'
  const files = [
    `.env.${name}.local`,
    ...(name === 'test' ? [] : ['.env.local']),
    `.env.${name}`,
    '.env',
  ]
  const loaded: Env = {}
  for (const dir of [supabaseDir, path.dirname(supabaseDir)]) {
    for (const file of files) {
      let text: string
      try {
        text = readFileSync(path.join(dir, file), 'utf8')
      } catch {
        continue
      }
      for (const [key, value] of Object.entries(parseDotenv(text))) {
        if (!(key in loaded)) loaded[key] = value
      }
    }
  }
  return loaded
}

/** KEY=value lines as godotenv reads them: `#` comments, optional `export`, quoted values. */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*[=:]\s*(.*?)\s*$/.exec(raw)
    if (!match) continue
    let value = match[2] ?? ''
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1)
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"')
    } else {
      value = value.replace(/\s+#.*$/, '')
    }
    values[match[1] as string] = value
  }
  return values
}

/** GoTrue's built-in e-mails (mailer/templatemailer), used when config.toml names no template. */
const DEFAULT_TEMPLATES = {
  recovery: {
    subject: 'Reset Your Password',
    content: `<h2>Reset Password</h2>
<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset Password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  confirmation: {
    subject: 'Confirm Your Signup',
    content: `<h2>Confirm your signup</h2>
<p>Follow this link to confirm your user:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
} as const

/** [auth.email.template.<kind>]: the file is read and checked at start-up, so a bad template never reaches a user. */
function loadTemplate(
  kind: keyof typeof DEFAULT_TEMPLATES,
  settings: TomlSettings['email']['recovery'],
  projectDir: string,
  problems: string[],
): EmailTemplate {
  const fallback = DEFAULT_TEMPLATES[kind]
  const builtIn = () =>
    compileTemplate(
      settings.subject ?? fallback.subject,
      fallback.content,
      `built-in ${kind} template`,
    )
  if (!settings.contentPath) return builtIn()
  const file = path.resolve(projectDir, settings.contentPath)
  let content: string
  try {
    content = readFileSync(file, 'utf8')
  } catch {
    problems.push(`auth.email.template.${kind}.content_path: cannot read ${file}`)
    return builtIn()
  }
  try {
    return compileTemplate(settings.subject ?? fallback.subject, content, file)
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error))
    return builtIn()
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
