import { Checkbox, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { RETURN_OPTIONS, type ReturnOption } from '@/lib/return-options'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

export type LostNoteValues = {
  note: string
  returnInstructions: string
  returnOptions: ReturnOption[]
}

const NOTE_FIELDS: {
  name: 'note' | 'returnInstructions'
  label: MessageId
  placeholder: MessageId
}[] = [
  {
    name: 'note',
    label: msgId('items.lostNote.note'),
    placeholder: msgId('items.lostNote.notePlaceholder'),
  },
  {
    name: 'returnInstructions',
    label: msgId('items.lostNote.instructions'),
    placeholder: msgId('items.lostNote.instructionsPlaceholder'),
  },
]

/** The ways back in the owner's words (the finder's chat has its own, in the finder's language). */
const RETURN_OPTION_TEXT: Record<ReturnOption, MessageId> = {
  meet: msgId('items.returnOption.meet'),
  hand_in: msgId('items.returnOption.handIn'),
  post: msgId('items.returnOption.post'),
}

type LostNoteFieldsProps = {
  values: LostNoteValues
  onChange: (values: LostNoteValues) => void
}

/**
 * The owner's words for a finder, edited while the item is marked LOST. Their
 * length limits live in the database (app_private.items_check_lost_note), which names them when a
 * text is too long.
 */
export function LostNoteFields({ values, onChange }: LostNoteFieldsProps) {
  const t = useT()
  return (
    <Stack gap="3" borderWidth="1px" borderColor="red.200" borderRadius="l2" p="4">
      <Text fontSize="sm" id="lost-note-help">
        {t('items.lostNote.help')}
      </Text>
      {NOTE_FIELDS.map(({ name, label, placeholder }) => (
        <Field.Root key={name}>
          <Field.Label fontWeight="semibold" fontSize="sm">
            {t(label)}
          </Field.Label>
          <Textarea
            value={values[name]}
            onChange={(event) => onChange({ ...values, [name]: event.target.value })}
            placeholder={t(placeholder)}
            aria-describedby="lost-note-help"
            autoresize
            rows={2}
          />
        </Field.Root>
      ))}
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold" fontSize="sm">
          {t('items.lostNote.waysBack')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('items.lostNote.waysBackHint')}
        </Text>
        {RETURN_OPTIONS.map((option) => (
          <Checkbox.Root
            key={option}
            checked={values.returnOptions.includes(option)}
            onCheckedChange={(event) =>
              onChange({
                ...values,
                returnOptions: RETURN_OPTIONS.filter((each) =>
                  each === option ? event.checked === true : values.returnOptions.includes(each),
                ),
              })
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(RETURN_OPTION_TEXT[option])}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Stack>
  )
}
