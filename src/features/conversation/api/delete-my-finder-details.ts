import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'

/**
 * The finder's "Delete my details now": their report's details, the chat's
 * messages and their anonymous session are purged at once (as the scheduled
 * purge would), and the conversation ends. An anonymous finder's session no
 * longer exists afterwards, so this browser forgets it too.
 */
export async function deleteMyFinderDetails(chatId: string): Promise<void> {
  throwIfError(await supabase.rpc('delete_my_finder_details', { chat_id: chatId }))
  const { data } = await supabase.auth.getSession()
  if (data.session?.user.is_anonymous) await supabase.auth.signOut({ scope: 'local' })
}
