import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import { OPERATOR_REFUSALS } from '@/features/operator/refusals'
import type { Database } from '@/types/database.types'

export type DeskReport = Database['public']['Functions']['desk_reports']['Returns'][number]

export type KeptMessage = Pick<
  Database['public']['Tables']['kept_messages']['Row'],
  'message_id' | 'position' | 'sender_role' | 'body' | 'scam_signals' | 'sent_at'
>

export const DESK_ACTIONS = [
  'dismiss',
  'warn',
  'close_conversation',
  'suspend_owner',
  'deactivate_tag',
] as const
export type DeskAction = (typeof DESK_ACTIONS)[number]

/** Whether the signed-in person is an operator (the data is guarded by RLS either way). */
export async function amIOperator(): Promise<boolean> {
  const { data } = throwIfError(await supabase.rpc('am_i_operator'))
  return data === true
}

/** Open reports with the item, the tag and the conversation as they are now. */
export async function getDeskReports(): Promise<DeskReport[]> {
  const { data } = throwIfError(await supabase.rpc('desk_reports'))
  return data ?? []
}

/** The conversation of a report as it was when it was made. */
export async function getKeptMessages(reportId: string): Promise<KeptMessage[]> {
  const { data } = throwIfError(
    await supabase
      .from('kept_messages')
      .select('message_id, position, sender_role, body, scam_signals, sent_at')
      .eq('report_id', reportId)
      .order('position'),
  )
  return data ?? []
}

/** Acts on an open report with a reason; the audit log records it and the reporter is told. */
export async function actOnReport(
  reportId: string,
  action: DeskAction,
  reason: string,
): Promise<void> {
  throwIfError(
    await supabase.rpc('act_on_report', { report_id: reportId, action, reason }),
    OPERATOR_REFUSALS,
  )
}
