/**
 * The stack's JWT keys, as current Supabase has them (keys reference §1): an
 * asymmetric signing key (ES256, or RS256) signs every access token with its
 * `kid` in the header, its public half is served at
 * /auth/v1/.well-known/jwks.json, and the legacy shared secret still verifies
 * HS256 tokens without a `kid` (the well-known local anon and service_role
 * JWTs), as hosted projects accept both during the migration.
 *
 * Where the signing key comes from, in order:
 * 1. `[auth] signing_keys_path` in config.toml (relative to supabase/, as the
 *    CLI reads it) or LOCAL_SUPABASE_SIGNING_KEYS_PATH: a JSON array of private
 *    JWKs, the file `supabase gen signing-key` writes. The key whose `key_ops`
 *    lists "sign" signs (exactly one, as GoTrue requires; a file of one key may
 *    omit key_ops); every key verifies.
 * 2. Otherwise a P-256 key generated for this data folder and kept in it
 *    (`signing-key.json`, written once the database is open; `--reset` deletes
 *    the folder and with it the key). An in-memory stack gets a fresh key.
 *
 * Synchronous (node:crypto), so parseConfig can load it with the rest.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto'
import type { JsonWebKey, KeyObject } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type SigningAlgorithm = 'ES256' | 'RS256'

/** A public JWK as GoTrue publishes it. */
export type PublicJwk = JsonWebKey & {
  kid: string
  alg: SigningAlgorithm
  use: 'sig'
  key_ops: ['verify']
}

/** A public key by its kid; `id` tells keys apart even if two sets reuse a kid. */
export type VerifyingKey = { alg: SigningAlgorithm; publicKey: KeyObject; id: string }

export type JwtKeys = {
  /** The legacy shared secret: HS256 tokens without a `kid`. */
  secret: string
  /** The key that signs access tokens. */
  signing: { kid: string; alg: SigningAlgorithm; privateKey: KeyObject }
  /** Public keys by `kid`, for verification. */
  verifying: ReadonlyMap<string, VerifyingKey>
  /** What /auth/v1/.well-known/jwks.json serves and functions get as SUPABASE_JWKS. */
  jwks: { keys: PublicJwk[] }
  /** Where the signing key came from. */
  source: 'signing_keys_path' | 'data folder' | 'generated'
  /** The key file read, or the data folder's file to write the generated key to (null: in memory). */
  file: string | null
}

/** The data folder's key file (the CLI keeps none: its default key is hard-coded). */
export function dataFolderKeyFile(dataDir: string): string {
  return path.join(dataDir, 'signing-key.json')
}

const ALGORITHMS: Record<string, SigningAlgorithm> = { EC: 'ES256', RSA: 'RS256' }

type PrivateJwk = JsonWebKey & { kid?: unknown; alg?: unknown; key_ops?: unknown }

function publicJwk(kid: string, alg: SigningAlgorithm, publicKey: KeyObject): PublicJwk {
  const { kty, crv, x, y, n, e } = publicKey.export({ format: 'jwk' })
  const material = kty === 'EC' ? { crv, x, y } : { n, e }
  return { kty, kid, alg, use: 'sig', key_ops: ['verify'], ...material }
}

function fromJwks(
  secret: string,
  keys: PrivateJwk[],
  source: JwtKeys['source'],
  file: string | null,
): JwtKeys {
  const verifying = new Map<string, VerifyingKey>()
  const jwks: PublicJwk[] = []
  const signers: { kid: string; alg: SigningAlgorithm; privateKey: KeyObject }[] = []
  keys.forEach((jwk, index) => {
    const where = `${file ?? 'signing keys'}: key ${index + 1}`
    if (typeof jwk !== 'object' || jwk === null) throw new Error(`${where} is not a JWK object`)
    if (jwk.kty === 'oct') {
      throw new Error(
        `${where} is an HS256 (oct) key: only ES256 and RS256 signing keys are supported`,
      )
    }
    const alg = ALGORITHMS[String(jwk.kty)]
    if (!alg || (jwk.alg !== undefined && jwk.alg !== alg)) {
      throw new Error(
        `${where}: kty ${String(jwk.kty)} / alg ${String(jwk.alg)} is not ES256 or RS256`,
      )
    }
    if (jwk.kty === 'EC' && jwk.crv !== 'P-256') throw new Error(`${where}: ES256 needs crv P-256`)
    if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new Error(`${where} has no "kid"`)
    if (verifying.has(jwk.kid)) throw new Error(`${where}: kid ${jwk.kid} appears twice`)
    let privateKey: KeyObject
    try {
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' })
    } catch (error) {
      throw new Error(
        `${where} is not a private key (${error instanceof Error ? error.message : String(error)})`,
      )
    }
    const publicKey = createPublicKey(privateKey)
    const published = publicJwk(jwk.kid, alg, publicKey)
    verifying.set(jwk.kid, { alg, publicKey, id: `${jwk.kid}:${published.x ?? published.n}` })
    jwks.push(published)
    const ops = Array.isArray(jwk.key_ops) ? (jwk.key_ops as unknown[]) : null
    if (ops ? ops.includes('sign') : keys.length === 1)
      signers.push({ kid: jwk.kid, alg, privateKey })
  })
  if (keys.length === 0) throw new Error(`${file ?? 'signing keys'}: the list of keys is empty`)
  if (signers.length !== 1) {
    throw new Error(
      `${file ?? 'signing keys'}: exactly one key must list "sign" in key_ops (found ${signers.length})`,
    )
  }
  return { secret, signing: signers[0]!, verifying, jwks: { keys: jwks }, source, file }
}

function readKeyFile(file: string): PrivateJwk[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`failed to read signing keys: cannot read ${file}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`failed to read signing keys: ${file} is not JSON`)
  }
  if (!Array.isArray(parsed)) {
    throw new Error(
      `failed to read signing keys: ${file} must hold a JSON array of JWKs (wrap the output of \`supabase gen signing-key\` in [ ])`,
    )
  }
  return parsed as PrivateJwk[]
}

/** A new private ES256 JWK in the shape `supabase gen signing-key` prints. */
export function generateSigningJwk(): PrivateJwk & { kid: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'ES256',
    use: 'sig',
    key_ops: ['sign', 'verify'],
    ext: true,
  }
}

export type LoadKeysOptions = {
  secret: string
  /** signing_keys_path, already resolved; null when unset. */
  signingKeysPath: string | null
  /** The data folder (null: in memory). */
  dataDir: string | null
  /** Ignore a key kept in the data folder (the folder is about to be reset). */
  fresh?: boolean
}

/** Loads (or generates) the stack's keys; throws a readable error for a bad key file. */
export function loadJwtKeys(options: LoadKeysOptions): JwtKeys {
  if (options.signingKeysPath) {
    const file = options.signingKeysPath
    return fromJwks(options.secret, readKeyFile(file), 'signing_keys_path', file)
  }
  const file = options.dataDir ? dataFolderKeyFile(options.dataDir) : null
  if (file && !options.fresh && existsSync(file)) {
    return fromJwks(options.secret, readKeyFile(file), 'data folder', file)
  }
  return fromJwks(options.secret, [generateSigningJwk()], 'generated', file)
}

/**
 * Keeps a generated key in its data folder, so sessions survive a restart. Called
 * once the database is open (PGlite creates the folder and wants it empty before).
 */
export function persistGeneratedKey(keys: JwtKeys): void {
  if (keys.source !== 'generated' || !keys.file) return
  const jwk = {
    ...keys.signing.privateKey.export({ format: 'jwk' }),
    kid: keys.signing.kid,
    alg: keys.signing.alg,
    use: 'sig',
    key_ops: ['sign', 'verify'],
    ext: true,
  }
  mkdirSync(path.dirname(keys.file), { recursive: true })
  writeFileSync(keys.file, `${JSON.stringify([jwk], null, 2)}\n`, { mode: 0o600 })
}
