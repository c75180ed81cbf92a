import { supabase } from '@/lib/supabase'
import { throwIfError } from '@/lib/chat/api-error'
import type { SharedPosition } from '@/lib/geolocation'

/** The chat's finder (from the form or the chat) stores where they found the item, with its accuracy. */
export async function shareFoundLocation(chatId: string, position: SharedPosition): Promise<void> {
  throwIfError(
    await supabase.rpc('share_found_location', {
      chat_id: chatId,
      latitude: position.latitude,
      longitude: position.longitude,
      accuracy_m: position.accuracy,
    }),
  )
}
