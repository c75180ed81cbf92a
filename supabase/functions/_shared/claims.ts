/** Claims of a (gateway-verified) bearer token; an empty object when unreadable. */
export type Claims = { role?: unknown; sub?: unknown; is_anonymous?: unknown }

export function readBearerClaims(authorization: string | null): Claims {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return {}
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')))
    return typeof claims === 'object' && claims !== null ? (claims as Claims) : {}
  } catch {
    return {}
  }
}
