/**
 * Function configuration, parsed once at the edge of the Deno runtime.
 * Fails with a readable list of what is missing.
 */
export type FunctionEnv = {
  supabaseUrl: string
  /**
   * The key the functions' own clients act with (they bypass row-level security):
   * the project's default secret key (`sb_secret_…`), or, on a project that gives
   * only the legacy keys, the service_role JWT.
   */
  secretKey: string
  /** The legacy service_role JWT when the platform gives one (older projects' cron jobs send it). */
  legacyServiceRoleKey: string | undefined
  siteUrl: string
  allowedOrigins: string[]
}

type Source = { get(name: string): string | undefined }

export function readEnv<K extends string>(source: Source, names: readonly K[]): Record<K, string> {
  const missing = names.filter((name) => !source.get(name))
  if (missing.length > 0) {
    throw new Error(`Missing function configuration: ${missing.join(', ')}`)
  }
  return Object.fromEntries(names.map((name) => [name, source.get(name) as string])) as Record<
    K,
    string
  >
}

/**
 * The key named "default" of a key set the platform gives as JSON
 * (`SUPABASE_SECRET_KEYS={"default":"sb_secret_…"}`), or its single form
 * (`SUPABASE_SECRET_KEY`), read as @supabase/server reads them: the set wins,
 * and a set that is not a JSON object holds no key.
 */
function defaultKey(source: Source, set: string, single: string): string | undefined {
  const raw = source.get(set)
  if (!raw) return source.get(single) || undefined
  try {
    const keys: unknown = JSON.parse(raw)
    const key =
      keys && typeof keys === 'object' && !Array.isArray(keys)
        ? (keys as Record<string, unknown>).default
        : undefined
    return typeof key === 'string' && key ? key : undefined
  } catch {
    return undefined
  }
}

/** `https://app.example/path` → `https://app.example` (what a browser sends as Origin). */
function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/**
 * The project's publishable key (SUPABASE_PUBLISHABLE_KEYS' default, or the
 * legacy anon key), for a client that acts as the caller (their JWT) under RLS.
 */
export function publishableKeyOf(source: Source): string {
  const key =
    defaultKey(source, 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY') ??
    (source.get('SUPABASE_ANON_KEY') || undefined)
  if (!key) {
    throw new Error(
      'Missing function configuration: SUPABASE_PUBLISHABLE_KEYS (or SUPABASE_ANON_KEY)',
    )
  }
  return key
}

export function parseFunctionEnv(source: Source): FunctionEnv {
  const { SUPABASE_URL } = readEnv(source, ['SUPABASE_URL'])
  const legacyServiceRoleKey = source.get('SUPABASE_SERVICE_ROLE_KEY') || undefined
  const secretKey =
    defaultKey(source, 'SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY') ?? legacyServiceRoleKey
  if (!secretKey) {
    throw new Error(
      'Missing function configuration: SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY)',
    )
  }
  const siteUrl = source.get('SITE_URL') ?? 'http://localhost:5173'
  // The site itself, and every origin of ALLOWED_ORIGINS: the one list of the other
  // places the app is served from (supabase/functions/.env locally: npm run dev on
  // :5173, npm run preview on :4173; a function secret on a hosted project).
  const listed = (source.get('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  return {
    supabaseUrl: SUPABASE_URL,
    secretKey,
    legacyServiceRoleKey,
    siteUrl,
    allowedOrigins: [...new Set([originOf(siteUrl), ...listed.map(originOf)])],
  }
}
