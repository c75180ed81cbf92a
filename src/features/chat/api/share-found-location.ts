import { supabase } from '@/lib/supabase'
import type { SharedPosition } from '@/lib/geolocation'
import { throwIfError } from '@/features/chat/api/chat-api-error'

/** The chat's finder stores where they found the item, with its accuracy. */
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
