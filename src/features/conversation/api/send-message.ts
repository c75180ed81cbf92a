import { supabase } from '@/lib/supabase'
import type { ConnectivityMonitor } from '@/lib/realtime/connectivity'
import { throwIfError } from '@/lib/chat/api-error'
import { MESSAGE_COLUMNS } from '@/features/conversation/api/get-messages'
import type { MessageRow } from '@/lib/chat/types'

/**
 * Stores a message under the id the client chose. Sending the same id again is
 * a no-op, so a retry never duplicates; the stored row is returned either way.
 */
export async function sendMessage(
  message: { id: string; chatId: string; body: string; photoPaths?: string[] },
  monitor?: ConnectivityMonitor,
): Promise<MessageRow | null> {
  const track = <T extends { status: number }>(request: PromiseLike<T>) =>
    monitor ? monitor.track(request) : Promise.resolve(request)
  const inserted = throwIfError(
    await track(
      supabase
        .from('messages')
        .upsert(
          {
            id: message.id,
            chat_id: message.chatId,
            body: message.body,
            // A text-only message leaves photo_paths to the column's default (none).
            ...(message.photoPaths?.length ? { photo_paths: message.photoPaths } : {}),
          },
          { onConflict: 'id', ignoreDuplicates: true },
        )
        .select(MESSAGE_COLUMNS),
    ),
  )
  const row = inserted.data?.[0]
  if (row) return row
  const existing = throwIfError(
    await track(
      supabase.from('messages').select(MESSAGE_COLUMNS).eq('id', message.id).maybeSingle(),
    ),
  )
  return existing.data
}
