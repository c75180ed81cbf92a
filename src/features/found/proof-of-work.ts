/**
 * The browser's half of the bot check on "Inform the Owner" (the server's half is
 * supabase/functions/_shared/proof-of-work.ts): finds the number whose SHA-256,
 * after the challenge's salt, is the challenge. No dependencies and no network.
 *
 * SHA-256 is computed here rather than with crypto.subtle.digest: each Web Crypto
 * call is a round trip to another thread, which managed only ~20,000 hashes a
 * second in Chromium (bench:pow), far too slow for a phone; this synchronous
 * version is tens of times faster. It yields to the page every few thousand
 * numbers, so the page stays responsive while it works. The tests check it
 * against Web Crypto.
 */
export type PowChallenge = {
  algorithm: string
  challenge: string
  maxNumber: number
  salt: string
  signature: string
}

export type PowSolution = PowChallenge & { number: number }

const NUMBERS_BETWEEN_YIELDS = 4000

function firstPrimes(count: number): number[] {
  const primes: number[] = []
  for (let candidate = 2; primes.length < count; candidate += 1) {
    if (primes.every((prime) => candidate % prime !== 0)) primes.push(candidate)
  }
  return primes
}

// SHA-256's constants: the first 32 bits of the fractional parts of the cube
// roots (K) and square roots (initial hash) of the first primes.
const PRIMES = firstPrimes(64)
const fraction32 = (value: number) => ((value - Math.floor(value)) * 0x100000000) >>> 0
const K = Uint32Array.from(PRIMES, (prime) => fraction32(Math.cbrt(prime)))
const INITIAL = Uint32Array.from(PRIMES.slice(0, 8), (prime) => fraction32(Math.sqrt(prime)))

const W = new Uint32Array(64)

const rotr = (value: number, bits: number) => (value >>> bits) | (value << (32 - bits))

/** SHA-256 of bytes[0, length) into out (8 big-endian words); block is scratch space. */
function sha256(bytes: Uint8Array, length: number, block: Uint8Array, out: Uint32Array): void {
  const blocks = ((length + 8) >> 6) + 1
  block.fill(0, 0, blocks * 64)
  block.set(bytes.subarray(0, length))
  block[length] = 0x80
  const bits = length * 8
  const end = blocks * 64
  block[end - 4] = bits >>> 24
  block[end - 3] = (bits >>> 16) & 0xff
  block[end - 2] = (bits >>> 8) & 0xff
  block[end - 1] = bits & 0xff
  out.set(INITIAL)
  for (let offset = 0; offset < end; offset += 64) {
    for (let t = 0; t < 16; t += 1) {
      const i = offset + 4 * t
      W[t] = (block[i]! << 24) | (block[i + 1]! << 16) | (block[i + 2]! << 8) | block[i + 3]!
    }
    for (let t = 16; t < 64; t += 1) {
      const w15 = W[t - 15]!
      const w2 = W[t - 2]!
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0
    }
    let a = out[0]!
    let b = out[1]!
    let c = out[2]!
    let d = out[3]!
    let e = out[4]!
    let f = out[5]!
    let g = out[6]!
    let h = out[7]!
    for (let t = 0; t < 64; t += 1) {
      const t1 =
        (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
      h = g
      g = f
      f = e
      e = (d + t1) | 0
      d = c
      c = b
      b = a
      a = (t1 + t2) | 0
    }
    out[0] = out[0]! + a
    out[1] = out[1]! + b
    out[2] = out[2]! + c
    out[3] = out[3]! + d
    out[4] = out[4]! + e
    out[5] = out[5]! + f
    out[6] = out[6]! + g
    out[7] = out[7]! + h
  }
}

/** SHA-256 of a text as lowercase hex (exported for the tests). */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text)
  const out = new Uint32Array(8)
  sha256(bytes, bytes.length, new Uint8Array(bytes.length + 72), out)
  return Array.from(out, (word) => word.toString(16).padStart(8, '0')).join('')
}

/** The solved challenge, or null when no number up to maxNumber fits (a bad challenge). */
export async function solvePow(challenge: PowChallenge): Promise<PowSolution | null> {
  if (challenge.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(challenge.challenge)) return null
  const target = Uint32Array.from({ length: 8 }, (_, i) =>
    Number.parseInt(challenge.challenge.slice(8 * i, 8 * i + 8), 16),
  )
  const salt = new TextEncoder().encode(challenge.salt)
  const message = new Uint8Array(salt.length + 16)
  message.set(salt)
  const block = new Uint8Array(message.length + 72)
  const out = new Uint32Array(8)
  for (let number = 0; number <= challenge.maxNumber; number += 1) {
    const digits = String(number)
    for (let i = 0; i < digits.length; i += 1) message[salt.length + i] = digits.charCodeAt(i)
    sha256(message, salt.length + digits.length, block, out)
    if (out.every((word, i) => word === target[i])) return { ...challenge, number }
    if (number % NUMBERS_BETWEEN_YIELDS === NUMBERS_BETWEEN_YIELDS - 1) {
      await new Promise((resume) => setTimeout(resume, 0))
    }
  }
  return null
}
