/**
 * The rules of the browser configuration (VITE_* variables), apart from reading
 * it (env.ts), so the build's own scripts (scripts/host-rules.ts) read the same
 * values with the same defaults. Defaults are the Supabase CLI's local values, so
 * `npm start` works with no .env file.
 */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321'
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
const DEFAULT_SHOP_URL = 'https://shop.homeward.example'

export type Env = {
  supabaseUrl: string
  supabaseKey: string
  shopUrl: string
  /** YouTube id of the how-to-scan video; '' when none is published yet. */
  howToScanVideoId: string
}

type RawEnv = Record<string, string | boolean | undefined>

export function parseEnv(raw: RawEnv): Env {
  const read = (name: string, fallback: string) => {
    const value = raw[name]
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
  }
  const env: Env = {
    supabaseUrl: read('VITE_SUPABASE_URL', LOCAL_SUPABASE_URL),
    supabaseKey: read('VITE_SUPABASE_ANON_KEY', LOCAL_PUBLISHABLE_KEY),
    shopUrl: read('VITE_SHOP_URL', DEFAULT_SHOP_URL),
    howToScanVideoId: read('VITE_HOW_TO_SCAN_VIDEO_ID', ''),
  }
  const problems: string[] = (['supabaseUrl', 'shopUrl'] as const).filter(
    (key) => !isHttpUrl(env[key]),
  )
  if (env.howToScanVideoId !== '' && !/^[\w-]{6,20}$/.test(env.howToScanVideoId)) {
    problems.push('howToScanVideoId')
  }
  if (problems.length > 0) {
    throw new Error(
      `Invalid configuration: ${problems.join(', ')} (URLs must be http(s); the video id a YouTube id)`,
    )
  }
  return env
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
