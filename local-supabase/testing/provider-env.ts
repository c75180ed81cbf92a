import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The local stack's VAPID pair (supabase/functions/.env; local only, never a deployment's). */
export const LOCAL_VAPID = {
  publicKey:
    'BKt71QezhcJD9VxMmjzLcn0AVUkq7hKH-Gi7zf5ZD1QCGLw5VCTo9ISbiyvCp7l9Y7NsL1rYV-fPXkBpXTFua7o',
  privateKey: 'a3LBMVqbagtwQY8ogo7q4WlYKTQzcYvQKo0jLIJWm3I',
}

/**
 * Writes a functions .env whose Twilio and e-mail API point at the given inbox,
 * for tests and benches that run the real notification functions on free ports.
 */
export async function writeProviderEnv(
  inboxUrl: string,
  siteUrl: string,
  /** Where the inbox's push endpoint is (the inbox itself when a fault proxy fronts the rest). */
  pushInboxUrl: string = inboxUrl,
): Promise<{ envDir: string; envFile: string }> {
  const envDir = await mkdtemp(join(tmpdir(), 'homeward-functions-env-'))
  const envFile = join(envDir, '.env')
  await writeFile(
    envFile,
    [
      `TWILIO_API_URL=${inboxUrl}`,
      'TWILIO_ACCOUNT_SID=AC00000000000000000000000000000000',
      'TWILIO_AUTH_TOKEN=local-dev-token',
      'TWILIO_FROM_NUMBER=+447700900000',
      `EMAIL_API_URL=${inboxUrl}`,
      'EMAIL_API_KEY=re_local_dev_key',
      'EMAIL_FROM=Homeward <no-reply@homeward.test>',
      `VAPID_PUBLIC_KEY=${LOCAL_VAPID.publicKey}`,
      `VAPID_PRIVATE_KEY=${LOCAL_VAPID.privateKey}`,
      'VAPID_SUBJECT=mailto:support@homeward.example',
      `WEB_PUSH_LOCAL_ENDPOINT=${pushInboxUrl.replace(/\/$/, '')}/push/`,
      `SITE_URL=${siteUrl}`,
    ].join('\n'),
  )
  return { envDir, envFile }
}
