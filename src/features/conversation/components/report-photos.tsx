import { useEffect, useRef, useState } from 'react'
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments, type PhotoStatusWords } from '@/components/ui/photo-attachments'
import { MAX_PHOTOS_PER_MESSAGE } from '@/lib/photos/photo-rules'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import { supabase } from '@/lib/supabase'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import { sendMessage } from '@/features/conversation/api/send-message'

export const REPORT_PHOTO_TEXT = {
  heading: 'Add photos for the owner',
  hint: 'A photo of what you found, or of where you left it, helps the owner recognise it. Up to 3 photos. Each photo is sent to the owner as soon as it has uploaded.',
  list: 'Your photos for the owner',
  sent: (count: number) =>
    count === 1
      ? 'Your photo was sent to the owner. You will find it in the chat.'
      : 'Your photos were sent to the owner. You will find them in the chat.',
  uploadFailed:
    'A photo could not be uploaded, so nothing is sent yet. Press "Try again" on it, or remove it.',
  failed: 'Your photos could not be sent. Check your connection and try again.',
  tryAgain: 'Try again',
} as const

/** What each photo's state says: only "Sent to the owner" once the owner has it. */
export const REPORT_PHOTO_STATUS = {
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  uploaded: 'Not sent yet',
  sending: 'Sending to the owner…',
  failed: 'Not uploaded',
  sent: 'Sent to the owner',
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

/**
 * 'ready': photos that have all uploaded are sent at once (and are being sent
 * while they wait); 'failed': the last send did not go through, "Try again".
 */
type Phase = 'ready' | 'failed'

/**
 * On /found/thank-you, once the report is held: the finder may add up to three
 * photos to it. They upload into the report's chat (chat-photos/<chat>/<finder>)
 * and are sent to the owner with no further press, as one chat message once every
 * photo chosen so far has uploaded. A send that fails keeps its message id, so
 * "Try again" after a dropped connection never doubles the message.
 */
export function ReportPhotos({ chatId }: { chatId: string }) {
  const finderId = useFinderId()
  const photos = usePhotoAttachments({
    bucket: 'chat-photos',
    folder: finderId ? `${chatId}/${finderId}` : null,
    max: MAX_PHOTOS_PER_MESSAGE,
  })
  const [phase, setPhase] = useState<Phase>('ready')
  const messageId = useRef(crypto.randomUUID())
  const inFlight = useRef(false)
  const unmountSignal = useUnmountSignal()
  const { markSent } = photos

  const unsent = photos.attachments.filter((attachment) => attachment.status !== 'sent')
  const sentCount = photos.attachments.length - unsent.length
  // Every photo not yet sent has uploaded: they go as one message.
  const readyPaths =
    unsent.length > 0 && unsent.every((each) => each.status === 'uploaded' && each.path)
      ? unsent.map((each) => each.path as string)
      : null
  const readyKey = readyPaths?.join(' ') ?? null
  const isSending = phase === 'ready' && readyKey !== null

  useEffect(() => {
    if (phase !== 'ready' || !readyKey || inFlight.current) return
    inFlight.current = true
    const signal = unmountSignal()
    const photoPaths = readyKey.split(' ')
    sendMessage({ id: messageId.current, chatId, body: '', photoPaths })
      .then((row) => {
        inFlight.current = false
        if (!row) throw new Error('the message was not stored')
        if (signal.aborted) return
        // What the stored message holds (an earlier try of this id may hold fewer
        // photos): those are with the owner; any others go in a new message.
        markSent(row.photo_paths ?? [])
        messageId.current = crypto.randomUUID()
      })
      .catch((failure: unknown) => {
        inFlight.current = false
        console.error('Sending the report photos failed', failure)
        if (!signal.aborted) setPhase('failed')
      })
  }, [chatId, markSent, phase, readyKey, unmountSignal])

  // Back online after a failed send: try again by itself.
  useEffect(() => {
    if (phase !== 'failed') return
    const onOnline = () => setPhase('ready')
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [phase])

  const words: PhotoStatusWords = {
    ...REPORT_PHOTO_STATUS,
    uploaded: isSending ? REPORT_PHOTO_STATUS.sending : REPORT_PHOTO_STATUS.uploaded,
    retry: REPORT_PHOTO_TEXT.tryAgain,
    retryName: (n) => `${REPORT_PHOTO_TEXT.tryAgain}: photo ${n}`,
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
        isDisabled={!finderId || isSending}
        words={words}
        listLabel={REPORT_PHOTO_TEXT.list}
      />
      {photos.hasFailed && <FormMessage message={REPORT_PHOTO_TEXT.uploadFailed} />}
      {phase === 'failed' && (
        <Stack gap="2" align="start">
          <FormMessage message={REPORT_PHOTO_TEXT.failed} />
          <Button colorPalette="teal" onClick={() => setPhase('ready')}>
            {REPORT_PHOTO_TEXT.tryAgain}
          </Button>
        </Stack>
      )}
      {sentCount > 0 && unsent.length === 0 && (
        <Text role="status" color="fg.muted">
          {REPORT_PHOTO_TEXT.sent(sentCount)}
        </Text>
      )}
    </Stack>
  )
}
