import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { PhotoAttachments } from '@/components/ui/photo-attachments'
import { StoredPhoto } from '@/components/ui/stored-photo'
import type { PhotoAttachments as Attachments } from '@/lib/photos/use-photo-attachments'
import { useT } from '@/lib/i18n/use-t'

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
  const t = useT()
  const hasNew = photos.attachments.length > 0
  return (
    <Stack gap="2" as="section" aria-labelledby="item-photo-label">
      <Text id="item-photo-label" fontWeight="semibold" fontSize="sm">
        {t('items.photo.label')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('items.photo.hint')}
      </Text>
      {savedPath && !hasNew && (
        <HStack gap="3" align="end">
          <StoredPhoto
            bucket="item-photos"
            path={savedPath}
            alt={t('items.photo.alt', { name: itemName })}
          />
          <Button type="button" size="sm" variant="ghost" onClick={onRemoveSaved}>
            {t('items.photo.remove')}
          </Button>
        </HStack>
      )}
      <PhotoAttachments
        photos={photos}
        max={1}
        label={savedPath ? t('items.photo.replace') : t('items.photo.add')}
        listLabel={t('items.photo.list')}
        words={{
          preparing: t('items.photo.preparing'),
          uploading: t('items.photo.uploading'),
          uploaded: t('items.photo.uploaded'),
          failed: t('items.photo.failed'),
          sent: t('items.photo.sent'),
          retry: t('items.photo.retry'),
          retryName: (n) => t('items.photo.retryName', { n }),
        }}
      />
    </Stack>
  )
}
