import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/features/chat/api/chat-api-error'

export type ReportReceipts = {
  /** The channels whose alert to the owner the providers accepted; empty until then. */
  ownerNotifiedVia: string[]
  /** Whether the owner has opened the chat. */
  ownerHasSeenChat: boolean
}

/** What the finder may know about their report's delivery (RLS: the finder who wrote it). */
export async function getReportReceipts(chatId: string): Promise<ReportReceipts | null> {
  const { data: chat } = throwIfError(
    await supabase.from('chats').select('report_id').eq('id', chatId).maybeSingle(),
  )
  if (!chat) return null
  const { data: report } = throwIfError(
    await supabase
      .from('found_reports')
      .select('owner_notified_at,owner_notified_channels,owner_seen_chat_at')
      .eq('id', chat.report_id)
      .maybeSingle(),
  )
  if (!report) return null
  return {
    ownerNotifiedVia: report.owner_notified_at ? report.owner_notified_channels : [],
    ownerHasSeenChat: report.owner_seen_chat_at !== null,
  }
}
