import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/** Why a person reports the other side (abuse_reports.reason). */
export type ReportReason = 'spam' | 'harassment' | 'money_or_codes' | 'other'

/**
 * Reports the other side of the conversation; the conversation so far is kept
 * for Homeward's operators. A second report while the first is open is the same one.
 */
export async function reportConversation(
  chatId: string,
  reason: ReportReason,
  note: string,
): Promise<void> {
  throwIfError(
    await supabase.rpc('report_conversation', {
      chat_id: chatId,
      reason,
      note: note.trim() === '' ? undefined : note,
    }),
  )
}
