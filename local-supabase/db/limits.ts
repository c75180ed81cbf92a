/**
 * The project's abuse limits (the table `app_private.limits`, docs/limits-and-settings.md "Limits")
 * set for this stack at start from `LOCAL_SUPABASE_LIMITS`: the e2e suite, the
 * benches and the stack's fault tests send many reports from one machine, so
 * they raise `proof_free_per_address` (and the `challenges_per_address` backstop)
 * this way rather than invent client addresses.
 */
import type { Queryable } from './types.ts'

export async function applyLimits(db: Queryable, limits: Record<string, number>): Promise<void> {
  for (const [name, maxCount] of Object.entries(limits)) {
    const { rows } = await db.query(
      'update app_private.limits set max_count = $2 where name = $1 returning name',
      [name, maxCount],
    )
    if (rows.length === 0) {
      throw new Error(`LOCAL_SUPABASE_LIMITS: app_private.limits has no limit named "${name}"`)
    }
  }
}
