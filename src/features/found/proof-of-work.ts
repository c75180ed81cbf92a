/**
 * The browser's half of the bot check on "Inform the Owner" (the server's half is
 * supabase/functions/_shared/proof-of-work.ts): finds the number whose SHA-256,
 * after the challenge's salt, is the challenge. Web Crypto only, no dependencies,
 * so it stays out of the way of the finder page's budget; digests run in batches
 * so the page stays responsive while it works (well under a second on a phone).
 */
export type PowChallenge = {
  algorithm: string
  challenge: string
  maxNumber: number
  salt: string
  signature: string
}

export type PowSolution = PowChallenge & { number: number }

const BATCH = 500

function sameBytes(digest: ArrayBuffer, target: Uint8Array): boolean {
  const bytes = new Uint8Array(digest)
  if (bytes.length !== target.length) return false
  for (let i = 0; i < bytes.length; i += 1) if (bytes[i] !== target[i]) return false
  return true
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i += 1)
    bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return bytes
}

/** The solved challenge, or null when no number up to maxNumber fits (a bad challenge). */
export async function solvePow(challenge: PowChallenge): Promise<PowSolution | null> {
  if (challenge.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(challenge.challenge)) return null
  const encoder = new TextEncoder()
  const target = hexToBytes(challenge.challenge)
  for (let start = 0; start <= challenge.maxNumber; start += BATCH) {
    const end = Math.min(start + BATCH - 1, challenge.maxNumber)
    const digests: Promise<ArrayBuffer>[] = []
    for (let number = start; number <= end; number += 1) {
      digests.push(crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`)))
    }
    const found = (await Promise.all(digests)).findIndex((digest) => sameBytes(digest, target))
    if (found >= 0) return { ...challenge, number: start + found }
  }
  return null
}
