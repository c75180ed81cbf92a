/**
 * Function configuration, parsed once at the edge of the Deno runtime.
 * Fails with a readable list of what is missing.
 */
export type FunctionEnv = {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
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

export function parseFunctionEnv(source: Source): FunctionEnv {
  const raw = readEnv(source, ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'])
  const siteUrl = source.get('SITE_URL') ?? 'http://localhost:5173'
  const origins = source.get('ALLOWED_ORIGINS') ?? `${siteUrl},http://127.0.0.1:5173`
  return {
    supabaseUrl: raw.SUPABASE_URL,
    anonKey: raw.SUPABASE_ANON_KEY,
    serviceRoleKey: raw.SUPABASE_SERVICE_ROLE_KEY,
    siteUrl,
    allowedOrigins: origins
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  }
}
