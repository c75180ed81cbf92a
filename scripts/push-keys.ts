/**
 * `npm run push:keys`: a new VAPID key pair (RFC 8292: ECDSA P-256) for Web
 * Push. Prints the three settings, never stores them:
 *   VITE_VAPID_PUBLIC_KEY  the app's build environment (the browser subscribes with it)
 *   VAPID_PUBLIC_KEY       function secret, the same value (the push services check it)
 *   VAPID_PRIVATE_KEY      function secret only (`supabase secrets set`); never in the app
 * `--subject mailto:you@example.com` sets VAPID_SUBJECT, the contact push services may use.
 * A new pair invalidates every device subscribed with the old public key:
 * generate once per project (docs/push.md).
 */
import { webcrypto } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

export type VapidKeyPair = { publicKey: string; privateKey: string }

function base64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url')
}

export async function generateVapidKeys(): Promise<VapidKeyPair> {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const raw = new Uint8Array(await webcrypto.subtle.exportKey('raw', pair.publicKey))
  const jwk = await webcrypto.subtle.exportKey('jwk', pair.privateKey)
  if (raw.length !== 65 || !jwk.d) throw new Error('unexpected key format')
  return { publicKey: base64Url(raw), privateKey: jwk.d }
}

export function vapidSettings(keys: VapidKeyPair, subject: string): string {
  return [
    '# App build environment (.env.production or the host):',
    `VITE_VAPID_PUBLIC_KEY=${keys.publicKey}`,
    '# Function secrets (supabase secrets set --env-file …):',
    `VAPID_PUBLIC_KEY=${keys.publicKey}`,
    `VAPID_PRIVATE_KEY=${keys.privateKey}`,
    `VAPID_SUBJECT=${subject}`,
  ].join('\n')
}

async function main(args: string[]): Promise<number> {
  const at = args.indexOf('--subject')
  const subject = at >= 0 ? (args[at + 1] ?? '') : 'mailto:support@homeward.example'
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    console.error('--subject must be a mailto: address or an https: URL (RFC 8292 §2.1)')
    return 2
  }
  console.log(vapidSettings(await generateVapidKeys(), subject))
  return 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main(process.argv.slice(2)).then((code) => process.exit(code))
}
