/**
 * The `npx supabase start` path, as far as it can be tried without Docker (the CLI
 * accepting config.toml is supabase-cli-config.test.ts): seed.sql creates the
 * Vault entries the cron job reads, pointing at the CLI's gateway; the functions'
 * .env names the dev inbox as their container reaches the host, and
 * `npm run inbox` serves that inbox alone on that port, answering the Twilio and
 * e-mail APIs; the local stack points the same variables at its own inbox.
 */
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, expect, it } from 'vitest'
import { LOCAL_SECRET_KEY, parseConfig } from '../../local-supabase/config.ts'
import { openDatabase } from '../../local-supabase/db/open.ts'
import { functionEnvironment } from '../../local-supabase/functions/gateway.ts'
import { parseDotenv } from '../../local-supabase/functions/function-config.ts'
import { STANDALONE_INBOX_PORT } from '../../local-supabase/inbox/app.ts'
import { createLogger } from '../../local-supabase/log.ts'

const ENV_FILE = path.resolve('supabase/functions/.env')
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

it('seed.sql creates the Vault entries of the cron job, for supabase start', async () => {
  const db = await openDatabase({ seed: true })
  closers.push(() => db.close())
  const { rows } = await db.query<{ name: string; decrypted_secret: string }>(
    'select name, decrypted_secret from vault.decrypted_secrets order by name',
  )
  expect(rows).toEqual([
    { name: 'project_url', decrypted_secret: 'http://kong:8000' },
    { name: 'service_role_key', decrypted_secret: LOCAL_SECRET_KEY },
  ])
}, 300_000)

it("the functions' .env names npm run inbox as the container reaches it; the local stack uses its own", async () => {
  const file = parseDotenv(await readFile(ENV_FILE, 'utf8'))
  const dockerSide = `http://host.docker.internal:${STANDALONE_INBOX_PORT}`
  expect(file.TWILIO_API_URL).toBe(dockerSide)
  expect(file.EMAIL_API_URL).toBe(dockerSide)
  const config = parseConfig({}, { dataDir: null })
  const options = { db: null as never, config, log: createLogger('silent'), apiUrl: 'http://x' }
  const local = await functionEnvironment(
    { ...options, inboxUrl: 'http://127.0.0.1:54324' },
    ENV_FILE,
  )
  expect(local.TWILIO_API_URL).toBe('http://127.0.0.1:54324')
  expect(local.EMAIL_API_URL).toBe('http://127.0.0.1:54324')
  expect(local.TWILIO_ACCOUNT_SID).toBe(file.TWILIO_ACCOUNT_SID)
})

it('npm run inbox serves the dev inbox alone: Twilio and e-mail APIs in, messages listed', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-supabase/inbox/cli.ts'], {
    env: { ...process.env, INBOX_PORT: '0', INBOX_HOST: '127.0.0.1' },
    stdio: 'pipe',
  })
  closers.push(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
  })
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', (line) => {
      const match = /^Dev inbox: (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`npm run inbox exited with ${code}`)))
  })
  const sms = await fetch(`${url}/2010-04-01/Accounts/AC0/Messages.json`, {
    method: 'POST',
    body: new URLSearchParams({ To: '+447700900123', From: '+447700900000', Body: 'Found it' }),
  })
  expect(sms.status).toBe(201)
  const email = await fetch(`${url}/emails`, {
    method: 'POST',
    headers: { authorization: 'Bearer re_local_dev_key', 'content-type': 'application/json' },
    body: JSON.stringify({
      from: 'Homeward <no-reply@homeward.test>',
      to: 'owner@example.com',
      subject: 'Your item was found',
      html: '<p>Found</p>',
    }),
  })
  expect(email.status).toBe(200)
  const listed = (await (await fetch(`${url}/api/v1/sms`)).json()) as { total: number }
  expect(listed.total).toBe(1)
  const messages = (await (await fetch(`${url}/api/v1/messages`)).json()) as {
    messages: { Subject: string }[]
  }
  expect(messages.messages.map((m) => m.Subject)).toEqual(['Your item was found'])
}, 60_000)
