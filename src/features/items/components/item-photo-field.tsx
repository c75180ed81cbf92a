import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { PhotoAttachments } from '@/components/ui/photo-attachments'
import { StoredPhoto } from '@/components/ui/stored-photo'
import type { PhotoAttachments as Attachments } from '@/lib/photos/use-photo-attachments'

export const ITEM_PHOTO_TEXT = {
  label: 'PHOTO',
  hint: 'Finders see this photo only while the item is LOST, to check they hold the right thing.',
  add: 'Add a photo',
  replace: 'Replace photo',
  remove: 'Remove photo',
} as const

type ItemPhotoFieldProps = {
  itemName: string
  /** The photo the item shows now (items.photo_path), unless the owner removed it here. */
  savedPath: string | null
  /** The new photo chosen here (at most one), uploaded at once into item-photos/<item_id>/. */
  photos: Attachments
  onRemoveSaved: () => void
}

/**
 * The item's photo on /editTag: the one it shows, Replace (a new upload, saved
 * with the form) and Remove (saved with the form). Nothing changes on the item
 * until Save; a photo uploaded and never saved is purged (photos_to_delete).
 */
export function ItemPhotoField({
  itemName,
  savedPath,
  photos,
  onRemoveSaved,
}: ItemPhotoFieldProps) {
  const hasNew = photos.attachments.length > 0
  return (
    <Stack gap="2" as="section" aria-labelledby="item-photo-label">
      <Text id="item-photo-label" fontWeight="semibold" fontSize="sm">
        {ITEM_PHOTO_TEXT.label}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {ITEM_PHOTO_TEXT.hint}
      </Text>
      {savedPath && !hasNew && (
        <HStack gap="3" align="end">
          <StoredPhoto bucket="item-photos" path={savedPath} alt={`Photo of ${itemName}`} />
          <Button type="button" size="sm" variant="ghost" onClick={onRemoveSaved}>
            {ITEM_PHOTO_TEXT.remove}
          </Button>
        </HStack>
      )}
      <PhotoAttachments
        photos={photos}
        max={1}
        label={savedPath ? ITEM_PHOTO_TEXT.replace : ITEM_PHOTO_TEXT.add}
      />
    </Stack>
  )
}
