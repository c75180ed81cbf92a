import { useT } from '@/lib/i18n/use-t'
import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments, type PhotoStatusWords } from '@/components/ui/photo-attachments'
import { ownerPhotoRefusalId, photoRefusalId } from '@/features/conversation/photo-refusals'
import { MAX_PHOTOS_PER_MESSAGE } from '@/lib/photos/photo-rules'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import { COARSE_POINTER, useMediaQuery } from '@/lib/use-media-query'
import {
  MAX_MESSAGE_LENGTH,
  messageLength,
  TOO_LONG_MESSAGE,
} from '@/features/conversation/message-rules'
import type { SendResult } from '@/features/conversation/use-chat-send'

type ComposerProps = {
  onSend: (text: string, photoPaths: string[]) => SendResult
  /** Where this member's photos go in chat-photos: `<chat_id>/<user_id>`. */
  photoFolder: string
  /** The finder reads the count, the photos' states and refusals in their language. */
  isFinder?: boolean
}

type Translate = ReturnType<typeof useT>

/** What the photos' states and buttons say to the finder. */
function finderPhotoWords(t: Translate): PhotoStatusWords {
  return {
    preparing: t('chat.photo.preparing'),
    uploading: t('chat.photo.uploading'),
    uploaded: t('chat.photo.uploaded'),
    failed: t('chat.photo.failed'),
    sent: t('chat.photo.sent'),
    retry: t('chat.message.retry'),
    retryName: (n) => t('chat.photo.retryName', { n }),
    remove: t('chat.photo.remove'),
    removeName: (n) => t('chat.photo.removeName', { n }),
    preparingName: (n) => t('chat.photo.preparingName', { n }),
    thumbnailName: (n) => t('chat.photo.thumbnailName', { n }),
  }
}

/** The same, to the owner (the owner's catalog). */
function ownerPhotoWords(t: Translate): PhotoStatusWords {
  return {
    preparing: t('ownerChat.photo.preparing'),
    uploading: t('ownerChat.photo.uploading'),
    uploaded: t('ownerChat.photo.uploaded'),
    failed: t('ownerChat.photo.failed'),
    sent: t('ownerChat.photo.sent'),
    retry: t('ownerChat.message.retry'),
    retryName: (n) => t('ownerChat.photo.retryName', { n }),
    remove: t('ownerChat.photo.remove'),
    removeName: (n) => t('ownerChat.photo.removeName', { n }),
    preparingName: (n) => t('ownerChat.photo.preparingName', { n }),
    thumbnailName: (n) => t('ownerChat.photo.thumbnailName', { n }),
  }
}

/**
 * Write and send a message: Enter sends, Shift+Enter starts a new line (said on
 * screens with a keyboard, not on touch screens). Always at the foot of the chat. Up to
 * three photos go with it; the message is sent only once every photo has
 * uploaded, so a failed upload never leaves half a message.
 */
export function Composer({ onSend, photoFolder, isFinder = false }: ComposerProps) {
  const t = useT()
  /** An English text of the app's (a rule's words) as the reader reads it (their catalog). */
  const say = (english: string | null): string | null => {
    if (!english) return english
    const id = isFinder ? photoRefusalId(english) : ownerPhotoRefusalId(english)
    return id ? t(id, { max: MAX_PHOTOS_PER_MESSAGE }) : english
  }
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const photos = usePhotoAttachments({
    bucket: 'chat-photos',
    folder: photoFolder,
    max: MAX_PHOTOS_PER_MESSAGE,
  })
  const length = messageLength(text.trim())
  const isNearLimit = length > MAX_MESSAGE_LENGTH - 200
  // A touch screen's keyboard has no Shift+Enter to speak of: no keyboard hint there.
  const isTouch = useMediaQuery(COARSE_POINTER)

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (photos.isBusy) {
      return setError(
        isFinder ? t('chat.photo.stillUploading') : t('ownerChat.photo.stillUploading'),
      )
    }
    const photoPaths = photos.readyPaths()
    if (!photoPaths)
      return setError(isFinder ? t('chat.photo.fixPhotos') : t('ownerChat.photo.fixPhotos'))
    const result = onSend(text, photoPaths)
    if (result === 'too_long') {
      setError(
        isFinder
          ? t('chat.composer.tooLong', { max: MAX_MESSAGE_LENGTH })
          : t(TOO_LONG_MESSAGE, { max: MAX_MESSAGE_LENGTH }),
      )
    }
    if (result === 'sent') {
      setText('')
      setError(null)
      photos.clear()
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
    <Stack
      as="form"
      gap="1"
      onSubmit={submit}
      aria-label={isFinder ? t('chat.composer.formLabel') : t('ownerChat.composer.formLabel')}
      flexShrink="0"
    >
      <Field.Root invalid={length > MAX_MESSAGE_LENGTH}>
        <Field.Label srOnly>{t('chat.composer.label')}</Field.Label>
        <HStack align="end" gap="2" w="full">
          <Textarea
            value={text}
            rows={1}
            autoresize
            maxH="8rem"
            flex="1"
            placeholder={t('chat.composer.placeholder')}
            onChange={(event) => {
              setText(event.target.value)
              if (messageLength(event.target.value.trim()) <= MAX_MESSAGE_LENGTH) setError(null)
            }}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" colorPalette="teal" disabled={photos.isBusy} minH="11">
            {t('chat.composer.send')}
          </Button>
        </HStack>
        {isNearLimit ? (
          <Field.HelperText>
            {isFinder
              ? t('chat.composer.count', { length, max: MAX_MESSAGE_LENGTH })
              : t('ownerChat.composer.count', { length, max: MAX_MESSAGE_LENGTH })}
          </Field.HelperText>
        ) : (
          !isTouch && <Field.HelperText>{t('chat.composer.hint')}</Field.HelperText>
        )}
      </Field.Root>
      <PhotoAttachments
        photos={photos}
        max={MAX_PHOTOS_PER_MESSAGE}
        label={t('chat.composer.attach')}
        words={isFinder ? finderPhotoWords(t) : ownerPhotoWords(t)}
        listLabel={isFinder ? t('chat.photo.list') : t('ownerChat.photo.list')}
        refusalText={say}
      />
      <FormMessage message={error} />
    </Stack>
  )
}
