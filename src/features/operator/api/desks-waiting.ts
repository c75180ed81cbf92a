import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import { OPERATOR_REFUSALS } from '@/features/operator/refusals'
import type { Database } from '@/types/database.types'

export type WaitingDesk = Database['public']['Functions']['desks_waiting']['Returns'][number]
export type DeskDecision = 'approve' | 'refuse'

/** Lost-property desks waiting for an operator (nothing for anyone else). */
export async function getDesksWaiting(): Promise<WaitingDesk[]> {
  const { data } = throwIfError(await supabase.rpc('desks_waiting'))
  return data ?? []
}

/** Approves or refuses a desk with a reason, recorded in the audit log. */
export async function decideDesk(
  deskId: string,
  decision: DeskDecision,
  reason: string,
): Promise<void> {
  throwIfError(
    await supabase.rpc('decide_desk', { desk_id: deskId, decision, reason }),
    OPERATOR_REFUSALS,
  )
}
