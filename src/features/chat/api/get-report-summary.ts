import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/features/chat/api/chat-api-error'

export type ReportSummary = { finderName: string | null; foundLocation: string | null }

/** Who found the item and where, for the owner's alert (null once purged or not visible). */
export async function getReportSummary(reportId: string): Promise<ReportSummary | null> {
  const { data } = throwIfError(
    await supabase
      .from('found_reports')
      .select('finder_name,found_location')
      .eq('id', reportId)
      .maybeSingle(),
  )
  return data ? { finderName: data.finder_name, foundLocation: data.found_location } : null
}
