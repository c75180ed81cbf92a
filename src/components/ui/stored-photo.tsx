import { Box, Spinner, Text } from '@chakra-ui/react'
import { usePhotoUrl } from '@/lib/photos/use-photo-url'
import type { PhotoBucket } from '@/lib/photos/photo-rules'

/** What the box says while the photo loads, once it is gone, and when it cannot load. */
export type StoredPhotoWords = {
  loading: (alt: string) => string
  gone: string
  failed: string
}

const ENGLISH: StoredPhotoWords = {
  loading: (alt) => `Loading ${alt}`,
  gone: 'Photo no longer available',
  failed: 'Photo could not be loaded',
}

type StoredPhotoProps = {
  bucket: PhotoBucket
  path: string
  alt: string
  /** The box's size (Chakra size tokens). */
  size?: string
  /** The box's words, where a reader needs their own (the finder's language). */
  words?: StoredPhotoWords
}

/**
 * A stored photo through a short-lived signed URL (renewed while shown, and
 * once when the image fails to load); opens full size in a new tab.
 */
export function StoredPhoto({ bucket, path, alt, size = '32', words = ENGLISH }: StoredPhotoProps) {
  const { state, reload } = usePhotoUrl(bucket, path)
  return (
    <Box
      w={size}
      h={size}
      borderRadius="md"
      overflow="hidden"
      bg="bg.muted"
      display="flex"
      alignItems="center"
      justifyContent="center"
      data-photo-state={state.kind}
    >
      {state.kind === 'loading' && <Spinner size="sm" aria-label={words.loading(alt)} />}
      {state.kind === 'ready' && (
        <a
          href={state.url}
          target="_blank"
          rel="noreferrer"
          style={{ display: 'block', width: '100%', height: '100%' }}
        >
          <img
            src={state.url}
            alt={alt}
            onError={reload}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </a>
      )}
      {state.kind === 'gone' && (
        <Text fontSize="xs" color="fg.muted" p="1" textAlign="center">
          {words.gone}
        </Text>
      )}
      {state.kind === 'failed' && (
        <Text fontSize="xs" color="fg.muted" p="1" textAlign="center">
          {words.failed}
        </Text>
      )}
    </Box>
  )
}
