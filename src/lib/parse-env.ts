/**
 * The rules of the browser configuration (VITE_* variables), apart from reading
 * it (env.ts), so the build's own scripts (scripts/host-rules.ts) read the same
 * values with the same defaults. Defaults are the Supabase CLI's local values, so
 * `npm start` works with no .env file.
 */
const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321'
const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
const DEFAULT_SHOP_URL = 'https://shop.homeward.example'
/**
 * The local stack's VAPID public key (its private half is in supabase/functions/.env,
 * local only). A deployment sets VITE_VAPID_PUBLIC_KEY from `npm run push:keys`.
 */
export const LOCAL_VAPID_PUBLIC_KEY =
  'BKt71QezhcJD9VxMmjzLcn0AVUkq7hKH-Gi7zf5ZD1QCGLw5VCTo9ISbiyvCp7l9Y7NsL1rYV-fPXkBpXTFua7o'

export type Env = {
  supabaseUrl: string
  supabaseKey: string
  shopUrl: string
  /** YouTube id of the how-to-scan video; '' when none is published yet. */
  howToScanVideoId: string
  /** VAPID public key the browser subscribes to Web Push with (base64url, 65-byte point). */
  vapidPublicKey: string
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
    vapidPublicKey: read('VITE_VAPID_PUBLIC_KEY', LOCAL_VAPID_PUBLIC_KEY),
  }
  const problems: string[] = (['supabaseUrl', 'shopUrl'] as const).filter(
    (key) => !isHttpUrl(env[key]),
  )
  if (env.howToScanVideoId !== '' && !/^[\w-]{6,20}$/.test(env.howToScanVideoId)) {
    problems.push('howToScanVideoId')
  }
  if (!isVapidPublicKey(env.vapidPublicKey)) problems.push('vapidPublicKey')
  if (problems.length > 0) {
    throw new Error(
      `Invalid configuration: ${problems.join(', ')} (URLs must be http(s); the video id a YouTube id; the VAPID key from npm run push:keys)`,
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

/** A P-256 public key as `npm run push:keys` prints it: base64url of 65 bytes, starting 0x04 ("B"). */
export function isVapidPublicKey(value: string): boolean {
  return /^B[A-Za-z0-9_-]{86}$/.test(value)
}
