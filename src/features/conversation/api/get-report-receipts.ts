import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

export type ReportReceipts = {
  /** The channels whose alert to the owner the providers accepted; empty until then. */
  ownerNotifiedVia: string[]
  /** Whether the owner has opened the chat. */
  ownerHasSeenChat: boolean
}

/** What the finder may know about their report's delivery (RLS: the finder who wrote it). */
export async function getReportReceipts(
  chatId: string,
  signal?: AbortSignal,
): Promise<ReportReceipts | null> {
  const chats = supabase.from('chats').select('report_id').eq('id', chatId)
  const { data: chat } = throwIfError(
    await (signal ? chats.abortSignal(signal) : chats).maybeSingle(),
  )
  // A case link's conversation (issue 50) has no found report.
  if (!chat?.report_id) return null
  const reports = supabase
    .from('found_reports')
    .select('owner_notified_at,owner_notified_channels,owner_seen_chat_at')
    .eq('id', chat.report_id)
  const { data: report } = throwIfError(
    await (signal ? reports.abortSignal(signal) : reports).maybeSingle(),
  )
  if (!report) return null
  return {
    ownerNotifiedVia: report.owner_notified_at ? report.owner_notified_channels : [],
    ownerHasSeenChat: report.owner_seen_chat_at !== null,
  }
}
