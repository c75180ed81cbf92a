/**
 * The finder's bot check as the app does it: ask the pow-challenge function for
 * a challenge and solve it with the app's own solver, for report-found's `proof`.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  solvePow,
  type PowChallenge,
  type PowSolution,
} from '../../src/features/found/proof-of-work.ts'

export async function solvedProof(client: SupabaseClient): Promise<PowSolution> {
  const { data, error } = await client.functions.invoke<PowChallenge>('pow-challenge')
  if (error || !data) throw new Error(`pow-challenge failed: ${error?.message}`)
  const solution = await solvePow(data)
  if (!solution) throw new Error('the pow-challenge challenge had no solution')
  return solution
}
