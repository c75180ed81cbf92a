/**
 * The bot check of report-found, checked without the database: shape,
 * signature, expiry and hash (public.report_found records its one-time use in
 * the report's own transaction).
 */
import { requireProof } from '../_shared/proof-of-work.ts'
import type { CheckedProof } from './handler.ts'

/**
 * The bot check up to its one-time use (requireProof: shape, signature, expiry,
 * hash; a 400/403 HttpError otherwise); the use is recorded by public.report_found.
 */
export async function checkedProof(proof: unknown, secret: string): Promise<CheckedProof> {
  let checked: CheckedProof | null = null
  await requireProof(proof, {
    secret,
    consume: (challenge, expiresAt) => {
      checked = { challenge, expiresAt }
      return Promise.resolve(true)
    },
  })
  if (!checked) throw new Error('the proof was not checked')
  return checked
}
