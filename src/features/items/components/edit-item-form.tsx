import { useState, type FormEvent } from 'react'
import { Button, Group, Link, Stack, Text } from '@chakra-ui/react'
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { confirmationAtom } from '@/lib/confirmation'
import { useAtom, useSetAtom } from '@/lib/jotai'
import { type Item, stateAtom } from '@/lib/store'
import {
  type ItemChanges,
  type ItemStatus,
  LostNoteTooLongError,
  updateItem,
} from '@/features/items/api/update-item'
import { LostNoteFields, type LostNoteValues } from '@/features/items/components/lost-note-fields'
import { STATUS_TEXT, shownStatus } from '@/features/items/item-status'
import { paths } from '@/lib/paths'
import { knownReturnOptions } from '@/lib/return-options'
import { hasControlCharacters } from '@/lib/control-characters'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT, type MessageValues } from '@/lib/i18n/use-t'
import { usePhotoAttachments } from '@/lib/photos/use-photo-attachments'
import { ItemPhotoField } from '@/features/items/components/item-photo-field'

/** A message of this screen, translated where it is shown. */
type EditMessage = { id: MessageId; values?: MessageValues }

export const EDIT_MESSAGES = {
  emptyName: msgId('items.edit.emptyName'),
  missingData: msgId('items.edit.missingData'),
  notUpdated: msgId('items.edit.notUpdated'),
  badCharacters: msgId('items.edit.badCharacters'),
  stillUploading: msgId('items.photo.stillUploading'),
  fixPhotos: msgId('items.photo.fixPhotos'),
} as const

/** Says how long a lost-mode text may be, with the database's own limit. */
export function tooLongMessage({ field, limit }: LostNoteTooLongError): EditMessage {
  if (field === 'lost_note') {
    return limit === null
      ? { id: msgId('items.edit.noteTooLongNoLimit') }
      : { id: msgId('items.edit.noteTooLong'), values: { limit } }
  }
  return limit === null
    ? { id: msgId('items.edit.instructionsTooLongNoLimit') }
    : { id: msgId('items.edit.instructionsTooLong'), values: { limit } }
}

/** The changes to send: only what differs from the saved item (an empty status is shown as FOUND). */
function changesFor(
  item: Item,
  name: string,
  status: ItemStatus,
  notes: LostNoteValues,
): ItemChanges {
  const changes: ItemChanges = { name: name.trim() }
  if (status !== shownStatus(item)) changes.status = status
  if (status === 'LOST') {
    const note = notes.note.trim() || null
    const returnInstructions = notes.returnInstructions.trim() || null
    if (note !== (item.lost_note ?? null)) changes.lost_note = note
    if (returnInstructions !== (item.return_instructions ?? null)) {
      changes.return_instructions = returnInstructions
    }
    if (notes.returnOptions.join() !== knownReturnOptions(item.return_options).join()) {
      changes.return_options = notes.returnOptions
    }
  }
  return changes
}

const STATUSES: readonly ItemStatus[] = ['LOST', 'FOUND']

/**
 * /editTag?itemId=…: rename an item and toggle LOST/FOUND (SPEC.md §2, §5 "Edit tag");
 * while LOST, the note and return instructions finders see (lost mode).
 * No item chosen → /dashboard; a chosen item that is not among the owner's items →
 * 'Something went wrong'.
 */
export function EditItemForm() {
  const [searchParams] = useSearchParams()
  const itemId = searchParams.get('itemId')
  const [{ items = [] }] = useAtom(stateAtom)
  const t = useT()
  if (!itemId) return <Navigate to={paths.dashboard} replace />
  const item = items.find((candidate) => candidate.id === itemId)
  if (!item) {
    return (
      <Stack gap="4">
        <FormMessage message={t(EDIT_MESSAGES.missingData)} />
        <Link asChild colorPalette="teal">
          <RouterLink to={paths.dashboard}>{t('items.edit.backToItems')}</RouterLink>
        </Link>
      </Stack>
    )
  }
  return <EditItemFields key={item.id} item={item} />
}

/** Said on the dashboard after 'Save': what was saved, and what a finder now sees. */
export function itemSavedText(item: Item): EditMessage {
  return {
    id: item.status === 'LOST' ? msgId('items.edit.savedLost') : msgId('items.edit.saved'),
    values: { name: item.name },
  }
}

function EditItemFields({ item }: { item: Item }) {
  const navigate = useNavigate()
  const t = useT()
  const [state, setState] = useAtom(stateAtom)
  const setConfirmation = useSetAtom(confirmationAtom)
  const [name, setName] = useState(item.name)
  const [status, setStatus] = useState<ItemStatus>(shownStatus(item))
  const [notes, setNotes] = useState<LostNoteValues>({
    note: item.lost_note ?? '',
    returnInstructions: item.return_instructions ?? '',
    returnOptions: knownReturnOptions(item.return_options),
  })
  const [error, setError] = useState<EditMessage | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const photos = usePhotoAttachments({ bucket: 'item-photos', folder: item.id, max: 1 })
  const [isPhotoRemoved, setIsPhotoRemoved] = useState(false)
  const savedPhoto = isPhotoRemoved ? null : (item.photo_path ?? null)

  /** The photo change to save: a new upload, the saved one removed, or none (undefined). */
  const photoChange = (): { photo_path?: string | null } | 'wait' | 'failed' => {
    if (photos.isBusy) return 'wait'
    const uploaded = photos.readyPaths()
    if (!uploaded) return 'failed'
    if (uploaded[0]) return { photo_path: uploaded[0] }
    return item.photo_path && isPhotoRemoved ? { photo_path: null } : {}
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    if (name.trim() === '') {
      setError({ id: EDIT_MESSAGES.emptyName })
      return
    }
    if (hasControlCharacters([name, notes.note, notes.returnInstructions])) {
      setError({ id: EDIT_MESSAGES.badCharacters })
      return
    }
    const photo = photoChange()
    if (photo === 'wait') return setError({ id: EDIT_MESSAGES.stillUploading })
    if (photo === 'failed') return setError({ id: EDIT_MESSAGES.fixPhotos })
    setError(null)
    setIsSubmitting(true)
    try {
      const saved = await updateItem(item.id, {
        ...changesFor(item, name, status, notes),
        ...photo,
      })
      setState({ items: (state.items ?? []).map((each) => (each.id === saved.id ? saved : each)) })
      const saidOnDashboard = itemSavedText(saved)
      setConfirmation(t(saidOnDashboard.id, saidOnDashboard.values))
      void navigate(paths.dashboard)
    } catch (failure) {
      if (failure instanceof LostNoteTooLongError) {
        setError(tooLongMessage(failure))
      } else {
        console.error('Updating the item failed', failure)
        setError({ id: EDIT_MESSAGES.notUpdated })
      }
      setIsSubmitting(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="4" maxW="md" mx="auto" w="full">
        <LabelledInput
          label={t('items.edit.tag')}
          value={item.tag_code}
          onValueChange={() => {}}
          readOnly
        />
        <LabelledInput
          label={t('items.edit.name')}
          value={name}
          onValueChange={setName}
          maxLength={80}
        />
        <Stack gap="2">
          <Text id="item-status-label" fontWeight="semibold" fontSize="sm">
            {t('items.edit.status')}
          </Text>
          <Group attached role="group" aria-labelledby="item-status-label">
            {STATUSES.map((option) => (
              <Button
                key={option}
                type="button"
                aria-pressed={status === option}
                colorPalette={option === 'LOST' ? 'red' : 'green'}
                variant={status === option ? 'solid' : 'outline'}
                onClick={() => setStatus(option)}
              >
                {t(STATUS_TEXT[option])}
              </Button>
            ))}
          </Group>
        </Stack>
        {status === 'LOST' && <LostNoteFields values={notes} onChange={setNotes} />}
        <ItemPhotoField
          itemName={item.name}
          savedPath={savedPhoto}
          photos={photos}
          onRemoveSaved={() => setIsPhotoRemoved(true)}
        />
        <FormMessage message={error && t(error.id, error.values)} />
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {t('items.edit.save')}
        </Button>
        <Button asChild variant="ghost">
          <RouterLink to={paths.dashboard}>{t('items.edit.cancel')}</RouterLink>
        </Button>
      </Stack>
    </form>
  )
}
