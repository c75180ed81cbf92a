import { useT } from '@/lib/i18n/use-t'
import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { PhotoAttachments } from '@/components/ui/photo-attachments'
import { MAX_PHOTOS_PER_MESSAGE, PHOTO_MESSAGES } from '@/lib/photos/photo-rules'
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
}

/**
 * Write and send a message: Enter sends, Shift+Enter starts a new line (said on
 * screens with a keyboard, not on touch screens). Always at the foot of the chat. Up to
 * three photos go with it; the message is sent only once every photo has
 * uploaded, so a failed upload never leaves half a message.
 */
export function Composer({ onSend, photoFolder }: ComposerProps) {
  const t = useT()
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
    if (photos.isBusy) return setError(PHOTO_MESSAGES.stillUploading)
    const photoPaths = photos.readyPaths()
    if (!photoPaths) return setError(PHOTO_MESSAGES.fixPhotos)
    const result = onSend(text, photoPaths)
    if (result === 'too_long') setError(TOO_LONG_MESSAGE)
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
    <Stack as="form" gap="1" onSubmit={submit} aria-label="Send a message" flexShrink="0">
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
          <Field.HelperText>{`${length} / ${MAX_MESSAGE_LENGTH} characters`}</Field.HelperText>
        ) : (
          !isTouch && <Field.HelperText>{t('chat.composer.hint')}</Field.HelperText>
        )}
      </Field.Root>
      <PhotoAttachments
        photos={photos}
        max={MAX_PHOTOS_PER_MESSAGE}
        label={t('chat.composer.attach')}
      />
      <FormMessage message={error} />
    </Stack>
  )
}
