import { FunctionsFetchError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { ChatApiError } from '@/lib/chat/api-error'

/**
 * The finder's "Delete my details now", through the delete-my-details Edge
 * Function: their report's details, the chat's messages and their anonymous
 * session are purged at once (as the scheduled purge would), the conversation
 * ends, and the chat's photos are removed in the same request (so links to them
 * stop working). An anonymous finder's session no longer exists afterwards, so
 * this browser forgets it too.
 */
export async function deleteMyFinderDetails(chatId: string): Promise<void> {
  const { error } = await supabase.functions.invoke<{ deleted: boolean }>('delete-my-details', {
    body: { chat_id: chatId },
  })
  if (error) {
    throw new ChatApiError(error instanceof Error ? error.message : String(error), {
      isNetwork: error instanceof FunctionsFetchError,
    })
  }
  const { data } = await supabase.auth.getSession()
  if (data.session?.user.is_anonymous) await supabase.auth.signOut({ scope: 'local' })
}
