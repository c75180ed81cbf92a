/**
 * Every function against the real local stack (npm run stack), in both of its
 * signing modes: a key generated for its data folder, and the key of
 * `[auth] signing_keys_path` (LOCAL_SUPABASE_SIGNING_KEYS_PATH). Through the
 * stack's gateway (verify_jwt off, as config.toml says) each function refuses a
 * forged HS256 token (signed with the well-known local JWT secret), an ES256
 * token signed by another key under the stack's kid, an expired token signed by
 * the stack's own key, and a user's token where the secret key is required; and
 * accepts the real tokens and keys the stack issues.
 */
import assert from 'node:assert/strict'
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'npm:jose@6.2.17'
import { LEGACY_SECRET } from './testing/callers.ts'

const root = new URL('../../../', import.meta.url).pathname
const FUNCTIONS = ['activate-tag', 'report-found', 'pow-challenge', 'dispatch-notifications']

type LocalStack = {
  apiUrl: string
  publishableKey: string
  secretKey: string
  serviceRoleKey: string
  /** The stack's private signing JWK (read from its key file). */
  signingJwk: JsonWebKey & { kid: string }
  close(): Promise<void>
}

/** Starts `local-supabase/cli.ts` on free ports in a folder of its own; resolves once it is up. */
async function startLocalStack(mode: 'data folder' | 'signing_keys_path'): Promise<LocalStack> {
  const folder = await Deno.makeTempDir({ prefix: 'homeward-callers-' })
  const env: Record<string, string> = {
    LOCAL_SUPABASE_API_PORT: '0',
    LOCAL_SUPABASE_INBOX_PORT: '0',
    LOCAL_SUPABASE_DB_SOCKET: 'false',
    LOCAL_SUPABASE_DATA_DIR: `${folder}/data`,
    LOCAL_SUPABASE_LOG_LEVEL: 'error',
  }
  let keyFile = `${folder}/data/signing-key.json`
  if (mode === 'signing_keys_path') {
    keyFile = `${folder}/signing_keys.json`
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'ES256' }
    await Deno.writeTextFile(keyFile, JSON.stringify([{ ...jwk, key_ops: ['sign', 'verify'] }]))
    env.LOCAL_SUPABASE_SIGNING_KEYS_PATH = keyFile
  }
  const child = new Deno.Command(`${root}node_modules/.bin/tsx`, {
    args: ['local-supabase/cli.ts'],
    cwd: root,
    env,
    stdin: 'piped',
    stdout: 'piped',
    stderr: 'inherit',
  }).spawn()
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader()
  const values = new Map<string, string>()
  let text = ''
  while (!text.includes('Press Ctrl-C to stop.')) {
    const { value, done } = await lines.read()
    if (done) throw new Error(`the local stack exited while starting:\n${text}`)
    text += value
  }
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_ ]+): (\S+)/.exec(line)
    if (match) values.set(match[1]!.trim(), match[2]!)
  }
  void lines.cancel()
  const [signingJwk] = JSON.parse(await Deno.readTextFile(keyFile)) as (JsonWebKey & {
    kid: string
  })[]
  return {
    apiUrl: values.get('API URL')!,
    publishableKey: values.get('Publishable key')!,
    secretKey: values.get('Secret key')!,
    serviceRoleKey: values.get('service_role key')!,
    signingJwk: signingJwk!,
    close: async () => {
      child.kill('SIGTERM')
      await child.status
      await child.stdin.close().catch(() => undefined)
      await Deno.remove(folder, { recursive: true })
    },
  }
}

async function session(stack: LocalStack, kind: 'anonymous' | 'owner'): Promise<string> {
  const headers = { apikey: stack.publishableKey, 'content-type': 'application/json' }
  if (kind === 'anonymous') {
    // GoTrue: a sign-up without e-mail or phone is an anonymous sign-in.
    const response = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers,
      body: '{}',
    })
    assert.equal(response.status, 200, await response.clone().text())
    return ((await response.json()) as { access_token: string }).access_token
  }
  // An owner with a confirmed e-mail (config.toml has confirmations on), then a password sign-in.
  const owner = { email: `owner-${crypto.randomUUID()}@example.com`, password: 'correct-horse-1' }
  const created = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { ...headers, apikey: stack.secretKey },
    body: JSON.stringify({ ...owner, email_confirm: true }),
  })
  assert.equal(created.status, 200, await created.clone().text())
  const response = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify(owner),
  })
  assert.equal(response.status, 200, await response.clone().text())
  return ((await response.json()) as { access_token: string }).access_token
}

function claimsOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')
  return JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')))
}

function call(stack: LocalStack, slug: string, headers: Record<string, string>) {
  return fetch(`${stack.apiUrl}/functions/v1/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  })
}

/** The tokens an attacker could make: none verifies against the stack's keys. */
async function forgeries(stack: LocalStack, real: string): Promise<Record<string, string>> {
  const claims = claimsOf(real)
  const now = Math.floor(Date.now() / 1000)
  const kid = stack.signingJwk.kid
  const { privateKey: otherKey } = await generateKeyPair('ES256')
  const ownKey = await importJWK({ ...stack.signingJwk, key_ops: ['sign'] }, 'ES256')
  return {
    'forged HS256 (local JWT secret, no kid)': await new SignJWT({
      ...claims,
      role: 'service_role',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(LEGACY_SECRET)),
    'ES256 signed by another key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(otherKey),
    'expired, signed by the stack': await new SignJWT({ ...claims, iat: now - 7200, exp: now - 60 })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .sign(ownKey),
  }
}

for (const mode of ['data folder', 'signing_keys_path'] as const) {
  Deno.test({
    name: `every function verifies its caller against the local stack (${mode})`,
    sanitizeResources: false,
    sanitizeOps: false,
    fn: async (t) => {
      const stack = await startLocalStack(mode)
      try {
        const finder = await session(stack, 'anonymous')
        const owner = await session(stack, 'owner')
        assert.equal(claimsOf(finder).is_anonymous, true)
        const publishable = { apikey: stack.publishableKey }

        await t.step('refuses forged, foreign-key and expired tokens', async () => {
          for (const [what, token] of Object.entries(await forgeries(stack, owner))) {
            for (const slug of FUNCTIONS) {
              const response = await call(stack, slug, {
                ...publishable,
                authorization: `Bearer ${token}`,
              })
              assert.equal(response.status, 401, `${slug}: ${what}`)
              const body = (await response.json()) as { error: { code: string } }
              assert.equal(body.error.code, 'unauthorized', `${slug}: ${what}`)
            }
          }
        })

        await t.step(
          'dispatch-notifications refuses a user where the secret key is needed',
          async () => {
            for (const token of [owner, finder]) {
              const response = await call(stack, 'dispatch-notifications', {
                ...publishable,
                authorization: `Bearer ${token}`,
              })
              assert.equal(response.status, 401)
              await response.body?.cancel()
            }
          },
        )

        await t.step('accepts the real callers', async () => {
          const user = (token: string) => ({ ...publishable, authorization: `Bearer ${token}` })
          const challenge = await call(stack, 'pow-challenge', user(finder))
          assert.equal(challenge.status, 200)
          assert.equal(
            typeof ((await challenge.json()) as { challenge: string }).challenge,
            'string',
          )
          // Past the caller check, the function reads the (empty) body.
          const report = await call(stack, 'report-found', user(finder))
          assert.equal(report.status, 400)
          assert.equal(
            ((await report.json()) as { error: { code: string } }).error.code,
            'proof_required',
          )
          const activation = await call(stack, 'activate-tag', user(owner))
          assert.equal(activation.status, 400)
          assert.equal(
            ((await activation.json()) as { error: { code: string } }).error.code,
            'missing_fields',
          )
          const anonymousOwner = await call(stack, 'activate-tag', user(finder))
          assert.equal(anonymousOwner.status, 403)
          await anonymousOwner.body?.cancel()
          // The secret key, and the legacy service_role key the cron job may hold in Vault.
          for (const key of [stack.secretKey, stack.serviceRoleKey]) {
            const dispatch = await call(stack, 'dispatch-notifications', {
              apikey: key,
              authorization: `Bearer ${key}`,
            })
            assert.equal(dispatch.status, 200, await dispatch.clone().text())
            assert.equal(typeof ((await dispatch.json()) as { claimed: number }).claimed, 'number')
          }
        })
      } finally {
        await stack.close()
      }
    },
  })
}
