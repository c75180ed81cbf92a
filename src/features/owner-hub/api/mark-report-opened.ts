import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/**
 * The owner has seen this report on their dashboard: stops its reminder (issue 14's
 * escalation). Does nothing for anyone but the report's owner.
 */
export async function markReportOpened(reportId: string): Promise<void> {
  throwIfError(await supabase.rpc('mark_report_opened', { report_id: reportId, via: 'dashboard' }))
}
