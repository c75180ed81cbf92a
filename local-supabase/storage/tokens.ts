/**
 * Signed URL tokens as Storage mints them: an HS256 JWT signed with the
 * project's JWT secret, `{url: "<bucket>/<key>", iat, exp}`, checked on
 * `GET /object/sign/<bucket>/<key>?token=…` (signature and exp, then that the
 * url claim names the object asked for).
 */
import { errors, jwtVerify, SignJWT } from 'jose'
import { storageErrors } from './errors.ts'

const encoder = new TextEncoder()

export async function signObjectToken(
  url: string,
  expiresInSeconds: number,
  secret: string,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ url })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(encoder.encode(secret))
}

/** Throws InvalidJWT or InvalidSignature, as Storage does. */
export async function verifyObjectToken(token: string, url: string, secret: string): Promise<void> {
  let claimed: unknown
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] })
    claimed = payload.url
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw storageErrors.invalidJwt('"exp" claim timestamp check failed')
    }
    throw storageErrors.invalidJwt(
      error instanceof errors.JOSEError ? error.message : 'jwt malformed',
    )
  }
  if (claimed !== url) throw storageErrors.invalidSignature()
}
