/**
 * Reads supabase/config.toml (already parsed by smol-toml) into the settings
 * the local stack honours, and lists every other setting that would change
 * behaviour on `supabase start` or a hosted project but is not supported here.
 * Strings of the form "env(NAME)" are replaced by that environment variable, as
 * the Supabase CLI does.
 */

type Env = Record<string, string | undefined>
type TomlValue =
  string | number | bigint | boolean | Date | TomlValue[] | { [key: string]: TomlValue }
type Table = { [key: string]: TomlValue }

export type TomlSettings = {
  ports: { api?: number; db?: number; inbox?: number }
  rest: { schemas?: string[]; extraSearchPath?: string[]; maxRows?: number }
  siteUrl?: string
  additionalRedirectUrls?: string[]
  jwtExpiry?: number
  auth: {
    enableSignup?: boolean
    enableAnonymousSignIns?: boolean
    minimumPasswordLength?: number
    refreshTokenRotation?: boolean
    refreshTokenReuseInterval?: number
    otpExpiry?: number
    signingKeysPath?: string
    enableConfirmations?: boolean
    securePasswordChange?: boolean
  }
  rateLimits: {
    tokenRefresh?: number
    verify?: number
    otp?: number
    anonymousUsers?: number
    emailSent?: number
  }
  email: {
    senderName?: string
    adminEmail?: string
    recovery: { subject?: string; contentPath?: string }
    confirmation: { subject?: string; contentPath?: string }
  }
  seed?: boolean
  storage: {
    enabled?: boolean
    /** Bytes ([storage] file_size_limit). */
    fileSizeLimit?: number
    buckets: BucketSetting[]
  }
  /** Settings present in the file that the local stack does not support. */
  unsupported: string[]
  /** Values of the wrong type or unreadable. */
  problems: string[]
}

/** One `[storage.buckets.<id>]` table. */
export type BucketSetting = {
  id: string
  public: boolean
  /** Bytes; null inherits [storage] file_size_limit. */
  fileSizeLimit: number | null
  /** null: any type. */
  allowedMimeTypes: string[] | null
}

/**
 * A size as the Supabase CLI reads it (Docker's RAMInBytes): a number with an
 * optional k/m/g/t/p suffix, "i" and "b" optional, every suffix a power of 1024
 * ("50MiB" = "50MB" = 52428800). Null when the text is not such a size.
 */
export function parseByteSize(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?) ?([kmgtp])?i?b?$/i.exec(text.trim())
  if (!match) return null
  const power = match[2] ? 'kmgtp'.indexOf(match[2].toLowerCase()) + 1 : 0
  return Math.floor(Number(match[1]) * 1024 ** power)
}

const BUCKET_ID = /^[\w!.*'() &$@=;:+,?-]{1,100}$/

function isTable(value: unknown): value is Table {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  )
}

/** Every leaf (scalar or array) by dotted path. */
function flatten(
  table: Table,
  prefix = '',
  out = new Map<string, TomlValue>(),
): Map<string, TomlValue> {
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (isTable(value)) flatten(value, path, out)
    else out.set(path, value)
  }
  return out
}

function show(value: TomlValue): string {
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))
}

/** Tables whose features the stack lacks: fine while switched off, reported when on. */
const SWITCHED_TABLES = [
  'studio',
  'storage.image_transformation',
  'storage.s3_protocol',
  'storage.analytics',
  'storage.vector',
  'analytics',
  'db.pooler',
  'api.tls',
  'auth.sms',
  'auth.external.*',
  'auth.mfa.*',
  'auth.hook.*',
  'auth.third_party.*',
  'auth.web3.*',
  'auth.captcha',
  'auth.oauth_server',
  'auth.email.notification.*',
  'auth.email.smtp',
  'auth.sms.*',
  'experimental.*',
]
const SWITCH_KEYS = [
  'enabled',
  'enroll_enabled',
  'verify_enabled',
  'enable_signup',
  'enable_confirmations',
]

/** Accepted without effect: they matter only to tooling the local stack replaces or does not need. */
const NOT_APPLICABLE = [
  'project_id',
  'db.shadow_port',
  'db.major_version',
  'db.migrations.enabled',
  'db.migrations.schema_paths',
  'edge_runtime.policy',
  'edge_runtime.inspector_port',
  'edge_runtime.deno_version',
  'auth.rate_limit.sms_sent',
  'auth.rate_limit.web3',
  'auth.email.double_confirm_changes',
  'studio.port',
  'studio.api_url',
  'studio.openai_api_key',
]

/** Settings honoured only with one value (the stack implements that behaviour and no other). */
const FIXED: Record<string, TomlValue> = {
  'api.enabled': true,
  'auth.enabled': true,
  'realtime.enabled': true,
  'edge_runtime.enabled': true,
  'inbucket.enabled': true,
  'local_smtp.enabled': true,
  'db.seed.enabled': true,
  'auth.password_requirements': '',
  'auth.enable_manual_linking': false,
  'auth.email.enabled': true,
  'auth.email.enable_signup': true,
  'auth.email.otp_length': 6,
}

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('.')
  const parts = path.split('.')
  if (parts.length < p.length) return false
  return p.every((segment, i) => segment === '*' || segment === parts[i])
}

/**
 * The file's values by dotted path, with "env(NAME)" resolved. Reading a path
 * marks it as seen (whatever is never read is reported as unsupported); a value
 * of the wrong type, or an env() whose variable is unset, is a problem.
 */
class TomlReader {
  readonly leaves: Map<string, TomlValue>
  readonly seen = new Set<string>()
  readonly problems: string[] = []
  /** "env(NAME)" values whose variable is unset: a problem only if the stack uses the setting. */
  private readonly unresolved = new Map<string, string>()

  constructor(document: Table, env: Env) {
    this.leaves = flatten(document)
    // The CLI's decode hook: every string, list items too, that is exactly env(NAME).
    const resolve = (path: string, value: TomlValue): TomlValue => {
      if (Array.isArray(value)) return value.map((item) => resolve(path, item))
      if (typeof value !== 'string') return value
      const ref = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value)
      if (!ref) return value
      const resolved = env[ref[1] as string]
      if (!resolved) {
        this.unresolved.set(path, value)
        return ''
      }
      return resolved
    }
    for (const [path, value] of this.leaves) this.leaves.set(path, resolve(path, value))
  }

  value(path: string): TomlValue | undefined {
    this.seen.add(path)
    const ref = this.unresolved.get(path)
    if (ref) {
      this.problems.push(`config.toml ${path} = "${ref}": that environment variable is not set`)
    }
    return this.leaves.get(path)
  }

  private typed<T>(path: string, check: (v: TomlValue) => boolean, what: string): T | undefined {
    const v = this.value(path)
    if (v === undefined) return undefined
    if (!check(v)) {
      this.problems.push(`config.toml ${path} must be ${what} (got ${show(v)})`)
      return undefined
    }
    return v as T
  }

  str(path: string): string | undefined {
    return this.typed<string>(path, (v) => typeof v === 'string', 'a string')
  }

  bool(path: string): boolean | undefined {
    return this.typed<boolean>(path, (v) => typeof v === 'boolean', 'true or false')
  }

  int(path: string, min = 0): number | undefined {
    return this.typed<number>(
      path,
      (v) => Number.isInteger(v) && (v as number) >= min,
      `a whole number >= ${min}`,
    )
  }

  list(path: string): string[] | undefined {
    return this.typed<string[]>(
      path,
      (v) => Array.isArray(v) && v.every((item) => typeof item === 'string'),
      'a list of strings',
    )
  }

  /** A size such as "50MiB" (or a number of bytes). */
  size(path: string): number | undefined {
    const v = this.value(path)
    if (v === undefined) return undefined
    const bytes = typeof v === 'number' ? v : typeof v === 'string' ? parseByteSize(v) : null
    if (bytes === null || !Number.isInteger(bytes) || bytes < 0) {
      this.problems.push(`config.toml ${path} must be a size such as "50MiB" (got ${show(v)})`)
      return undefined
    }
    return bytes
  }
}

function set<K extends string, V>(target: Partial<Record<K, V>>, key: K, v: V | undefined): void {
  if (v !== undefined) target[key] = v
}

/** Tables of unsupported features: silent while off; reported once when on. */
function reportSwitchedTables(reader: TomlReader, unsupported: string[]): void {
  const tables = new Map<string, boolean>()
  for (const path of reader.leaves.keys()) {
    for (const pattern of SWITCHED_TABLES) {
      const depth = pattern.split('.').length
      if (!matches(pattern, path) || path.split('.').length <= depth) continue
      const table = path.split('.').slice(0, depth).join('.')
      const key = path.slice(table.length + 1)
      const on = SWITCH_KEYS.includes(key) && reader.leaves.get(path) === true
      tables.set(table, (tables.get(table) ?? false) || on)
    }
  }
  for (const [table, on] of tables) {
    for (const path of reader.leaves.keys()) if (path.startsWith(`${table}.`)) reader.seen.add(path)
    if (!on) continue
    unsupported.push(
      table === 'auth.email.smtp'
        ? '[auth.email.smtp] enabled = true: the local stack delivers every e-mail to its dev inbox'
        : `[${table}] is switched on: not provided by the local stack`,
    )
  }
}

/** Settings the stack honours with one value only, or not at all (NOT_APPLICABLE). */
function reportFixedValues(reader: TomlReader, unsupported: string[]): void {
  for (const path of reader.leaves.keys()) if (NOT_APPLICABLE.includes(path)) reader.seen.add(path)
  for (const [path, ok] of Object.entries(FIXED)) {
    const v = reader.value(path)
    if (v !== undefined && v !== ok) {
      unsupported.push(`${path} = ${show(v)}: the local stack supports only ${show(ok)}`)
    }
  }
  const maxFrequency = reader.value('auth.email.max_frequency')
  if (maxFrequency !== undefined && !['1s', '0s'].includes(String(maxFrequency))) {
    unsupported.push(
      `auth.email.max_frequency = ${show(maxFrequency)}: the local stack has no per-user e-mail interval`,
    )
  }
  const seedPaths = reader.value('db.seed.sql_paths')
  if (seedPaths !== undefined && JSON.stringify(seedPaths) !== JSON.stringify(['./seed.sql'])) {
    unsupported.push(
      `db.seed.sql_paths = ${show(seedPaths)}: the local stack applies supabase/seed.sql only`,
    )
  }
}

function readApiAndAuth(reader: TomlReader, settings: TomlSettings): void {
  set(settings.ports, 'api', reader.int('api.port'))
  set(settings.ports, 'db', reader.int('db.port'))
  set(settings.ports, 'inbox', reader.int('local_smtp.port') ?? reader.int('inbucket.port'))
  set(settings.rest, 'schemas', reader.list('api.schemas'))
  set(settings.rest, 'extraSearchPath', reader.list('api.extra_search_path'))
  set(settings.rest, 'maxRows', reader.int('api.max_rows', 1))
  settings.siteUrl = reader.str('auth.site_url')
  // One entry may hold several URLs separated by commas (an env() value): Auth keeps
  // the list comma-joined (GOTRUE_URI_ALLOW_LIST, the Management API's uri_allow_list).
  settings.additionalRedirectUrls = reader
    .list('auth.additional_redirect_urls')
    ?.flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter(Boolean)
  settings.jwtExpiry = reader.int('auth.jwt_expiry', 30)
  set(settings.auth, 'enableSignup', reader.bool('auth.enable_signup'))
  set(settings.auth, 'enableAnonymousSignIns', reader.bool('auth.enable_anonymous_sign_ins'))
  set(settings.auth, 'minimumPasswordLength', reader.int('auth.minimum_password_length'))
  set(settings.auth, 'refreshTokenRotation', reader.bool('auth.enable_refresh_token_rotation'))
  set(settings.auth, 'refreshTokenReuseInterval', reader.int('auth.refresh_token_reuse_interval'))
  set(settings.auth, 'otpExpiry', reader.int('auth.email.otp_expiry', 1))
  set(settings.auth, 'enableConfirmations', reader.bool('auth.email.enable_confirmations'))
  set(settings.auth, 'securePasswordChange', reader.bool('auth.email.secure_password_change'))
  set(settings.auth, 'signingKeysPath', reader.str('auth.signing_keys_path'))
  set(settings.rateLimits, 'tokenRefresh', reader.int('auth.rate_limit.token_refresh', 1))
  set(settings.rateLimits, 'verify', reader.int('auth.rate_limit.token_verifications', 1))
  set(settings.rateLimits, 'otp', reader.int('auth.rate_limit.sign_in_sign_ups', 1))
  set(settings.rateLimits, 'anonymousUsers', reader.int('auth.rate_limit.anonymous_users', 1))
  set(settings.rateLimits, 'emailSent', reader.int('auth.rate_limit.email_sent', 1))
  settings.seed = reader.bool('db.seed.enabled')
}

/** The sender: [local_smtp] (the Supabase CLI 3 name of its inbox; [inbucket] before), else custom SMTP's. */
function readEmail(reader: TomlReader, settings: TomlSettings): void {
  const sender = (key: string) =>
    reader.str(`local_smtp.${key}`) ??
    reader.str(`inbucket.${key}`) ??
    reader.str(`auth.email.smtp.${key}`)
  set(settings.email, 'senderName', sender('sender_name'))
  set(settings.email, 'adminEmail', sender('admin_email'))
  for (const kind of ['recovery', 'confirmation'] as const) {
    set(settings.email[kind], 'subject', reader.str(`auth.email.template.${kind}.subject`))
    set(settings.email[kind], 'contentPath', reader.str(`auth.email.template.${kind}.content_path`))
  }
}

function readStorage(reader: TomlReader, settings: TomlSettings): void {
  set(settings.storage, 'enabled', reader.bool('storage.enabled'))
  set(settings.storage, 'fileSizeLimit', reader.size('storage.file_size_limit'))
  const bucketIds = new Set<string>()
  for (const path of reader.leaves.keys()) {
    const bucket = /^storage\.buckets\.([^.]+)\./.exec(path)?.[1]
    if (bucket !== undefined) bucketIds.add(bucket)
  }
  for (const id of bucketIds) {
    if (!BUCKET_ID.test(id)) {
      reader.problems.push(`config.toml [storage.buckets.${id}]: not a valid bucket name`)
      continue
    }
    const limit = reader.size(`storage.buckets.${id}.file_size_limit`)
    const types = reader.list(`storage.buckets.${id}.allowed_mime_types`)?.filter((t) => t !== '')
    settings.storage.buckets.push({
      id,
      public: reader.bool(`storage.buckets.${id}.public`) ?? false,
      fileSizeLimit: limit ? limit : null,
      allowedMimeTypes: types && types.length > 0 ? types : null,
    })
  }
}

/** Whatever was never read: functions' own switches are the CLI's; the rest is unsupported. */
function reportUnread(reader: TomlReader, unsupported: string[]): void {
  for (const path of reader.leaves.keys()) {
    if (/^functions\.[^.]+\.(verify_jwt|enabled)$/.test(path)) reader.seen.add(path)
  }
  for (const [path, v] of reader.leaves) {
    if (reader.seen.has(path)) continue
    if (/^auth\.email\.template\.([^.]+)\./.test(path)) {
      unsupported.push(`${path}: the local stack sends only the recovery and confirmation e-mails`)
      continue
    }
    unsupported.push(`${path} = ${show(v)}: not supported by the local stack`)
  }
}

export function readTomlSettings(document: Table, env: Env): TomlSettings {
  const reader = new TomlReader(document, env)
  const unsupported: string[] = []
  reportSwitchedTables(reader, unsupported)
  reportFixedValues(reader, unsupported)
  const settings: TomlSettings = {
    ports: {},
    rest: {},
    auth: {},
    rateLimits: {},
    email: { recovery: {}, confirmation: {} },
    storage: { buckets: [] },
    unsupported,
    problems: reader.problems,
  }
  readApiAndAuth(reader, settings)
  readEmail(reader, settings)
  readStorage(reader, settings)
  reportUnread(reader, unsupported)
  return settings
}
