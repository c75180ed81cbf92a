import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'

export type ChatLinkStatus = {
  /**
   * ended: the conversation is over for good (closedReason says why); replaced: a
   * newer link was sent; revoked: the owner turned the links off; expired; bound: in
   * use on another device; valid; unknown: nothing to tell this caller.
   */
  status: 'ended' | 'replaced' | 'revoked' | 'expired' | 'bound' | 'valid' | 'unknown'
  closedReason: string | null
  /** When it ended, was replaced, revoked or ran out. */
  at: string | null
  /** When the finder's details were deleted, for an ended conversation. */
  detailsDeletedAt: string | null
}

const STATUSES: readonly ChatLinkStatus['status'][] = [
  'ended',
  'replaced',
  'revoked',
  'expired',
  'bound',
  'valid',
  'unknown',
]

const UNKNOWN: ChatLinkStatus = {
  status: 'unknown',
  closedReason: null,
  at: null,
  detailsDeletedAt: null,
}

/**
 * Why this chat cannot be entered, as the database tells the holder of one of its
 * links or its finder's session (public.chat_link_status); 'unknown' to anyone else.
 */
export async function getChatLinkStatus(
  chatId: string,
  token: string | null,
  monitor?: ConnectivityMonitor,
): Promise<ChatLinkStatus> {
  const request = supabase.rpc('chat_link_status', { chat_id: chatId, token: token ?? undefined })
  const { data } = throwIfError(await (monitor ? monitor.track(request) : request))
  const row = data?.[0]
  if (!row) return UNKNOWN
  const status = STATUSES.find((known) => known === row.status) ?? 'unknown'
  return {
    status,
    closedReason: row.closed_reason ?? null,
    at: row.at ?? null,
    detailsDeletedAt: row.details_deleted_at ?? null,
  }
}
