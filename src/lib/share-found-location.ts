import { supabase } from '@/lib/supabase'
import type { SharedPosition } from '@/lib/geolocation'

/** The chat's finder (from the form or the chat) stores where they found the item, with its accuracy. */
export async function shareFoundLocation(chatId: string, position: SharedPosition): Promise<void> {
  const { error } = await supabase.rpc('share_found_location', {
    chat_id: chatId,
    latitude: position.latitude,
    longitude: position.longitude,
    accuracy_m: position.accuracy,
  })
  if (error) throw new Error(error.message)
}
