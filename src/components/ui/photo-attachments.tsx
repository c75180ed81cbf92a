import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useId, useRef } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import type {
  Attachment,
  PhotoAttachments as Attachments,
} from '@/lib/photos/use-photo-attachments'

export type PhotoStatusWords = Record<Attachment['status'], string> & {
  /** The button on a failed photo, and its name for photo `n` (it contains the button's text). */
  retry: string
  retryName: (n: number) => string
  /** The remove button and its name for photo `n`; the thumbnail's text while preparing and once shown. */
  remove?: string
  removeName?: (n: number) => string
  preparingName?: (n: number) => string
  thumbnailName?: (n: number) => string
}

const DEFAULT_WORDS: Required<PhotoStatusWords> = {
  preparing: 'Preparing…',
  uploading: 'Uploading…',
  uploaded: 'Uploaded',
  failed: 'Not uploaded',
  sent: 'Sent',
  retry: 'Retry',
  retryName: (n) => `Retry photo ${n}`,
  remove: 'Remove',
  removeName: (n) => `Remove photo ${n}`,
  preparingName: (n) => `Preparing photo ${n}`,
  thumbnailName: (n) => `Attachment ${n}`,
}

/** The image types the picker offers (any photo; the bytes are checked and re-encoded). */
const ACCEPT = 'image/*'

type PhotoAttachmentsProps = {
  photos: Attachments
  /** How many may be attached; the button goes once that many are. */
  max: number
  label?: string
  isDisabled?: boolean
  /** What each state and the retry button say, where a page needs its own words. */
  words?: PhotoStatusWords
  /** The name of the list of chosen photos. */
  listLabel?: string
  /** A refusal (photos.refusal, in English) in the page's own words; as it is by default. */
  refusalText?: (refusal: string | null) => string | null
}

/**
 * Choosing photos: a button opening the file picker (camera on a phone), then a
 * thumbnail per photo with its state ("Uploading…", "Not uploaded" with Retry)
 * and Remove; refusals (not an image, too large, HEIC) are announced.
 */
export function PhotoAttachments({
  photos,
  max,
  label = 'Add a photo',
  isDisabled = false,
  words: givenWords = DEFAULT_WORDS,
  listLabel = 'Photos to send',
  refusalText = (refusal) => refusal,
}: PhotoAttachmentsProps) {
  const words = { ...DEFAULT_WORDS, ...givenWords }
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const { attachments } = photos
  return (
    <Stack gap="2">
      {attachments.length > 0 && (
        <HStack
          as="ul"
          aria-label={listLabel}
          gap="2"
          alignItems="start"
          flexWrap="wrap"
          m="0"
          p="0"
        >
          {attachments.map((attachment, index) => (
            <Box
              as="li"
              key={attachment.id}
              listStyleType="none"
              data-status={attachment.status}
              w="24"
              borderWidth="1px"
              borderRadius="md"
              overflow="hidden"
            >
              <Box h="20" bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
                {attachment.previewUrl ? (
                  <img
                    src={attachment.previewUrl}
                    alt={words.thumbnailName(index + 1)}
                    style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <Spinner size="sm" aria-label={words.preparingName(index + 1)} />
                )}
              </Box>
              <Stack gap="1" p="1" fontSize="xs">
                <Text role="status">
                  {attachment.status === 'uploading' && <Spinner size="xs" me="1" />}
                  {words[attachment.status]}
                </Text>
                {attachment.status === 'failed' && (
                  <Button
                    size="xs"
                    variant="surface"
                    aria-label={words.retryName(index + 1)}
                    onClick={() => photos.retry(attachment.id)}
                  >
                    {words.retry}
                  </Button>
                )}
                {attachment.status !== 'sent' && (
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-label={words.removeName(index + 1)}
                    disabled={isDisabled}
                    onClick={() => photos.remove(attachment.id)}
                  >
                    {words.remove}
                  </Button>
                )}
              </Stack>
            </Box>
          ))}
        </HStack>
      )}
      <FormMessage message={refusalText(photos.refusal)} />
      {attachments.length < max && (
        <Box>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple={max - attachments.length > 1}
            hidden
            disabled={isDisabled}
            aria-label={label}
            onChange={(event) => {
              const files = event.currentTarget.files
              if (files && files.length > 0) photos.add(files)
              event.currentTarget.value = ''
            }}
          />
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={isDisabled}
            onClick={() => inputRef.current?.click()}
          >
            {label}
          </Button>
        </Box>
      )}
    </Stack>
  )
}
