import { Field, Stack, Text, Textarea } from '@chakra-ui/react'

export type LostNoteValues = { note: string; returnInstructions: string }

const NOTE_FIELDS: { name: keyof LostNoteValues; label: string; placeholder: string }[] = [
  { name: 'note', label: 'NOTE FOR THE FINDER', placeholder: 'Reward offered' },
  {
    name: 'returnInstructions',
    label: 'RETURN INSTRUCTIONS',
    placeholder: 'You can hand it in at the Bath Spa station ticket office',
  },
]

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
  return (
    <Stack gap="3" borderWidth="1px" borderColor="red.200" borderRadius="l2" p="4">
      <Text fontSize="sm" id="lost-note-help">
        While the item is LOST, whoever scans its tag sees these above the form. Your name and
        contact details are never shown: leave them out here too.
      </Text>
      {NOTE_FIELDS.map(({ name, label, placeholder }) => (
        <Field.Root key={name}>
          <Field.Label fontWeight="semibold" fontSize="sm">
            {label}
          </Field.Label>
          <Textarea
            value={values[name]}
            onChange={(event) => onChange({ ...values, [name]: event.target.value })}
            placeholder={placeholder}
            aria-describedby="lost-note-help"
            autoresize
            rows={2}
          />
        </Field.Root>
      ))}
    </Stack>
  )
}
