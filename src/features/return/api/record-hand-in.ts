import { supabase } from '@/lib/supabase'
import type { SharedPosition } from '@/lib/geolocation'
import { throwIfError } from '@/lib/chat/api-error'

/** "I handed it in at …": the place in the finder's words, and a pin if they added one. */
export async function recordHandIn(
  chatId: string,
  place: string,
  pin: SharedPosition | null,
): Promise<void> {
  throwIfError(
    await supabase.rpc('record_hand_in', {
      chat_id: chatId,
      place,
      ...(pin
        ? { latitude: pin.latitude, longitude: pin.longitude, accuracy_m: pin.accuracy }
        : {}),
    }),
  )
}
