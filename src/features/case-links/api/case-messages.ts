import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { MessageRow } from '@/lib/chat/types'

const COLUMNS = 'id,chat_id,sender_id,sender_role,body,created_at,position,photo_paths,scam_signals'

/** The case conversation's messages, in the server's order. */
export async function getCaseMessages(chatId: string): Promise<MessageRow[]> {
  const { data } = throwIfError(
    await supabase.from('messages').select(COLUMNS).eq('chat_id', chatId).order('position'),
  )
  return data ?? []
}

/** Sends a message under an id the client chose (a retry never duplicates). */
export async function sendCaseMessage(message: {
  id: string
  chatId: string
  body: string
  photoPaths: string[]
}): Promise<void> {
  throwIfError(
    await supabase.from('messages').upsert(
      {
        id: message.id,
        chat_id: message.chatId,
        body: message.body,
        ...(message.photoPaths.length ? { photo_paths: message.photoPaths } : {}),
      },
      { onConflict: 'id', ignoreDuplicates: true },
    ),
  )
}
