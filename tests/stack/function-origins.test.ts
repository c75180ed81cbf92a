import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'
import { parseConfig } from '../../local-supabase/config.ts'
import { functionEnvironment } from '../../local-supabase/functions/gateway.ts'
import { parseDotenv } from '../../local-supabase/functions/function-config.ts'
import { createLogger } from '../../local-supabase/log.ts'
import { parseFunctionEnv } from '../../supabase/functions/_shared/env.ts'

const ENV_FILE = path.resolve('supabase/functions/.env')

it("the functions answer the app's origins under npm start, npm run dev and npm run preview", async () => {
  const config = parseConfig({}, { dataDir: null })
  const env = await functionEnvironment(
    { db: null as never, config, log: createLogger('silent'), apiUrl: 'http://127.0.0.1:54321' },
    ENV_FILE,
  )
  const { allowedOrigins } = parseFunctionEnv({ get: (name) => env[name] })
  for (const origin of [
    'http://localhost:5173',
    'http://127.0.0.1:5173',
    'http://localhost:4173',
    'http://127.0.0.1:4173',
  ]) {
    expect(allowedOrigins).toContain(origin)
  }
  // One list: supabase start's functions read the same file (no copy in the code).
  const file = parseDotenv(await readFile(ENV_FILE, 'utf8'))
  expect(file.ALLOWED_ORIGINS?.split(',')).toContain('http://localhost:4173')
})

it('npm run preview:phone (SITE_URL on the network address) is allowed with the list', async () => {
  const config = parseConfig({ SITE_URL: 'http://192.168.1.20:4173' }, { dataDir: null })
  const env = await functionEnvironment(
    { db: null as never, config, log: createLogger('silent'), apiUrl: 'http://192.168.1.20:54321' },
    ENV_FILE,
  )
  const { allowedOrigins } = parseFunctionEnv({ get: (name) => env[name] })
  expect(allowedOrigins).toContain('http://192.168.1.20:4173')
  expect(allowedOrigins).toContain('http://localhost:5173')
})
