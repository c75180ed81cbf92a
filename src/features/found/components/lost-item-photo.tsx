import { useEffect, useState } from 'react'
import { Box, Text } from '@chakra-ui/react'
import { loadSupabase } from '@/lib/load-supabase'
import { PHOTO_URL_SECONDS } from '@/lib/photos/photo-rules'
import { useUnmountSignal } from '@/lib/use-unmount-signal'

export const LOST_PHOTO_ALT = 'The owner’s photo of the item'

/**
 * The photo a LOST item shows, for the finder holding its tag: lost_item_photo
 * names it only while the item is LOST, and Storage signs it only then (policy
 * "Finders see a lost item's photo"). Nothing shows if either says no.
 */
export function LostItemPhoto({ code }: { code: string }) {
  const unmountSignal = useUnmountSignal()
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const signal = unmountSignal()
    void (async () => {
      try {
        const supabase = await loadSupabase()
        if (signal.aborted) return
        const { data: path } = await supabase
          .rpc('lost_item_photo', { tag_code: code })
          .abortSignal(signal)
        if (typeof path !== 'string' || signal.aborted) return
        const { data } = await supabase.storage
          .from('item-photos')
          .createSignedUrl(path, PHOTO_URL_SECONDS)
        if (data && !signal.aborted) setUrl(data.signedUrl)
      } catch {
        // No photo is no loss: the note and the form stay as they are.
      }
    })()
  }, [code, unmountSignal])
  if (!url) return null
  return (
    <Box as="figure" m="0">
      <img
        src={url}
        alt={LOST_PHOTO_ALT}
        style={{ maxWidth: '100%', maxHeight: '16rem', borderRadius: '0.5rem' }}
      />
      <Text as="figcaption" fontSize="sm" color="fg.muted" mt="1">
        The owner’s photo, to help you check it is theirs.
      </Text>
    </Box>
  )
}
