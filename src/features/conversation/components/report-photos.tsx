import { useEffect, useRef, useState } from 'react'
import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments, type PhotoStatusWords } from '@/components/ui/photo-attachments'
import { MAX_PHOTOS_PER_MESSAGE, PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import { supabase } from '@/lib/supabase'
import { useUnmountSignal } from '@/lib/use-unmount-signal'
import { PHOTO_REFUSAL_TEXT } from '@/lib/photos/upload-photo'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'
import { sendMessage } from '@/features/conversation/api/send-message'

/** What each photo's state says: only "Sent to the owner" once the owner has it. */
const STATUS_IDS = {
  preparing: msgId('reportPhotos.status.preparing'),
  uploading: msgId('reportPhotos.status.uploading'),
  uploaded: msgId('reportPhotos.status.uploaded'),
  sending: msgId('reportPhotos.status.sending'),
  failed: msgId('reportPhotos.status.failed'),
  sent: msgId('reportPhotos.status.sent'),
} as const

/**
 * The photo refusals the finder can meet here (chosen in the browser, or refused by
 * check-photo), keyed by the English words usePhotoAttachments reports, in the catalog.
 */
const REFUSAL_IDS: ReadonlyMap<string, MessageId> = new Map([
  [PHOTO_MESSAGES.notAnImage, msgId('reportPhotos.refusal.notAnImage')],
  [PHOTO_MESSAGES.tooLarge, msgId('reportPhotos.refusal.tooLarge')],
  [PHOTO_MESSAGES.heic, msgId('reportPhotos.refusal.heic')],
  [PHOTO_MESSAGES.unreadable, msgId('reportPhotos.refusal.unreadable')],
  [PHOTO_MESSAGES.tooMany, msgId('reportPhotos.refusal.tooMany')],
  [PHOTO_REFUSAL_TEXT.sign_in_required!, msgId('reportPhotos.refusal.signIn')],
  [PHOTO_REFUSAL_TEXT.photo_missing!, msgId('reportPhotos.refusal.missing')],
  [PHOTO_REFUSAL_TEXT.photo_not_allowed!, msgId('reportPhotos.refusal.notAllowed')],
  [PHOTO_REFUSAL_TEXT.photo_exists!, msgId('reportPhotos.refusal.exists')],
  [PHOTO_REFUSAL_TEXT.photo_too_large!, msgId('reportPhotos.refusal.serverTooLarge')],
  [PHOTO_REFUSAL_TEXT.too_many_photos!, msgId('reportPhotos.refusal.unsentMany')],
])

/** A refusal in the finder's language; one we have no words for is said in general words. */
function refusalId(refusal: string): MessageId {
  return REFUSAL_IDS.get(refusal) ?? msgId('reportPhotos.refusal.unreadable')
}

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
  const t = useT()

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

  const tryAgain = t('reportPhotos.tryAgain')
  const words: PhotoStatusWords = {
    preparing: t(STATUS_IDS.preparing),
    uploading: t(STATUS_IDS.uploading),
    uploaded: t(isSending ? STATUS_IDS.sending : STATUS_IDS.uploaded),
    failed: t(STATUS_IDS.failed),
    sent: t(STATUS_IDS.sent),
    retry: tryAgain,
    retryName: (n) => t('reportPhotos.tryAgainPhoto', { n }),
    thumbnailName: (n) => t('reportPhotos.photoAlt', { n }),
    preparingName: (n) => t('reportPhotos.preparingPhoto', { n }),
    remove: t('reportPhotos.remove'),
    removeName: (n) => t('reportPhotos.removePhoto', { n }),
  }
  // The picker's refusal, in the finder's language (the list below shows it).
  const shown = photos.refusal ? { ...photos, refusal: t(refusalId(photos.refusal)) } : photos

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
        {t('reportPhotos.heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('reportPhotos.hint', { max: MAX_PHOTOS_PER_MESSAGE })}
      </Text>
      <PhotoAttachments
        photos={shown}
        max={MAX_PHOTOS_PER_MESSAGE}
        label={t('reportPhotos.add')}
        isDisabled={!finderId || isSending}
        words={words}
        listLabel={t('reportPhotos.list')}
      />
      {photos.hasFailed && <FormMessage message={t('reportPhotos.uploadFailed')} />}
      {phase === 'failed' && (
        <Stack gap="2" align="start">
          <FormMessage message={t('reportPhotos.failed')} />
          <Button colorPalette="teal" onClick={() => setPhase('ready')}>
            {tryAgain}
          </Button>
        </Stack>
      )}
      {sentCount > 0 && unsent.length === 0 && (
        <Text role="status" color="fg.muted">
          {t('reportPhotos.sent', { count: sentCount })}
        </Text>
      )}
    </Stack>
  )
}
