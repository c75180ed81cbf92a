import { useEffect, useRef, useState } from 'react'
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments } from '@/components/ui/photo-attachments'
import { MAX_PHOTOS_PER_MESSAGE, PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import { supabase } from '@/lib/supabase'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import { sendMessage } from '@/features/conversation/api/send-message'

export const REPORT_PHOTO_TEXT = {
  heading: 'Add photos for the owner',
  hint: 'A photo of what you found, or of where you left it, helps the owner recognise it. Up to 3 photos.',
  send: 'Send photos to the owner',
  sent: 'Your photos were sent to the owner. You will find them in the chat.',
  failed: 'Your photos could not be sent. Check your connection and try again.',
} as const

/** The signed-in finder's id (their folder in chat-photos), or null until known. */
function useFinderId(): string | null {
  const unmountSignal = useUnmountSignal()
  const [userId, setUserId] = useState<string | null>(null)
  useEffect(() => {
    const signal = unmountSignal()
    void supabase.auth.getSession().then(({ data }) => {
      if (!signal.aborted) setUserId(data.session?.user.id ?? null)
    })
  }, [unmountSignal])
  return userId
}

type Phase = 'choosing' | 'sending' | 'sent' | 'failed'

/**
 * On /found/thank-you, once the report is held: the finder may add up to three
 * photos to it. They upload into the report's chat (chat-photos/<chat>/<finder>)
 * and reach the owner as one chat message, sent only once every photo has
 * uploaded; a retry sends the same message id, so it is never doubled.
 */
export function ReportPhotos({ chatId }: { chatId: string }) {
  const finderId = useFinderId()
  const photos = usePhotoAttachments({
    bucket: 'chat-photos',
    folder: finderId ? `${chatId}/${finderId}` : null,
    max: MAX_PHOTOS_PER_MESSAGE,
  })
  const [phase, setPhase] = useState<Phase>('choosing')
  const [error, setError] = useState<string | null>(null)
  const messageId = useRef(crypto.randomUUID())
  const unmountSignal = useUnmountSignal()

  const send = async () => {
    if (photos.isBusy) return setError(PHOTO_MESSAGES.stillUploading)
    const photoPaths = photos.readyPaths()
    if (!photoPaths) return setError(PHOTO_MESSAGES.fixPhotos)
    const signal = unmountSignal()
    setError(null)
    setPhase('sending')
    try {
      const row = await sendMessage({ id: messageId.current, chatId, body: '', photoPaths })
      if (signal.aborted) return
      if (!row) throw new Error('the message was not stored')
      photos.clear()
      setPhase('sent')
    } catch (failure) {
      console.error('Sending the report photos failed', failure)
      if (!signal.aborted) setPhase('failed')
    }
  }

  if (phase === 'sent') {
    return (
      <Text role="status" color="fg.muted">
        {REPORT_PHOTO_TEXT.sent}
      </Text>
    )
  }
  return (
    <Stack
      as="section"
      aria-labelledby="report-photos-heading"
      gap="3"
      textAlign="start"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Heading as="h3" size="md" id="report-photos-heading">
        {REPORT_PHOTO_TEXT.heading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {REPORT_PHOTO_TEXT.hint}
      </Text>
      <PhotoAttachments
        photos={photos}
        max={MAX_PHOTOS_PER_MESSAGE}
        label="Add a photo"
        isDisabled={!finderId || phase === 'sending'}
      />
      <FormMessage message={phase === 'failed' ? REPORT_PHOTO_TEXT.failed : error} />
      {photos.attachments.length > 0 && (
        <Button
          alignSelf="start"
          colorPalette="teal"
          loading={phase === 'sending'}
          disabled={photos.isBusy}
          onClick={() => void send()}
        >
          {REPORT_PHOTO_TEXT.send}
        </Button>
      )}
    </Stack>
  )
}
