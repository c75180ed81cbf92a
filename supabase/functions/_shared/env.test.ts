import assert from 'node:assert/strict'
import { parseFunctionEnv, publishableKeyOf } from './env.ts'

const source = (values: Record<string, string>) => ({ get: (name: string) => values[name] })
const URL_ONLY = { SUPABASE_URL: 'https://ref.supabase.co' }

Deno.test(
  'parseFunctionEnv: the default secret key of SUPABASE_SECRET_KEYS wins over the legacy key',
  () => {
    const env = parseFunctionEnv(
      source({
        ...URL_ONLY,
        SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'sb_secret_cron', default: 'sb_secret_main' }),
        SUPABASE_SERVICE_ROLE_KEY: 'legacy.jwt.key',
      }),
    )
    assert.equal(env.secretKey, 'sb_secret_main')
    assert.equal(env.legacyServiceRoleKey, 'legacy.jwt.key')
  },
)

Deno.test(
  'parseFunctionEnv: a project with its legacy keys disabled needs no service_role key',
  () => {
    const env = parseFunctionEnv(source({ ...URL_ONLY, SUPABASE_SECRET_KEY: 'sb_secret_single' }))
    assert.equal(env.secretKey, 'sb_secret_single')
    assert.equal(env.legacyServiceRoleKey, undefined)
  },
)

Deno.test(
  'parseFunctionEnv: only the legacy service_role key is used when no secret key is given',
  () => {
    const env = parseFunctionEnv(
      source({
        ...URL_ONLY,
        SUPABASE_SECRET_KEYS: '["not", "an object"]',
        SUPABASE_SERVICE_ROLE_KEY: 'legacy',
      }),
    )
    assert.equal(env.secretKey, 'legacy')
  },
)

Deno.test('parseFunctionEnv: says which configuration is missing', () => {
  assert.throws(() => parseFunctionEnv(source(URL_ONLY)), /SUPABASE_SECRET_KEYS/)
  assert.throws(
    () => parseFunctionEnv(source({ SUPABASE_SECRET_KEY: 'sb_secret_x' })),
    /SUPABASE_URL/,
  )
})

Deno.test('parseFunctionEnv: allows the site and each listed origin, once each', () => {
  const env = parseFunctionEnv(
    source({
      ...URL_ONLY,
      SUPABASE_SECRET_KEY: 'sb_secret_x',
      SITE_URL: 'http://192.168.1.20:4173/',
      ALLOWED_ORIGINS: ' http://localhost:5173 ,http://localhost:4173,,http://192.168.1.20:4173',
    }),
  )
  assert.deepEqual(env.allowedOrigins, [
    'http://192.168.1.20:4173',
    'http://localhost:5173',
    'http://localhost:4173',
  ])
})

Deno.test(
  'publishableKeyOf: the default publishable key, else the legacy anon key, else a readable error',
  () => {
    assert.equal(
      publishableKeyOf(
        source({
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_main' }),
          SUPABASE_ANON_KEY: 'anon.jwt.key',
        }),
      ),
      'sb_publishable_main',
    )
    assert.equal(publishableKeyOf(source({ SUPABASE_ANON_KEY: 'anon.jwt.key' })), 'anon.jwt.key')
    assert.throws(() => publishableKeyOf(source({})), /SUPABASE_PUBLISHABLE_KEYS/)
  },
)
