import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Writes a functions .env whose Twilio and e-mail API point at the given inbox,
 * for tests and benches that run the real notification functions on free ports.
 */
export async function writeProviderEnv(
  inboxUrl: string,
  siteUrl: string,
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
      `SITE_URL=${siteUrl}`,
    ].join('\n'),
  )
  return { envDir, envFile }
}
