import { Checkbox, Field, Stack, Text, Textarea } from '@chakra-ui/react'
import { RETURN_OPTIONS, RETURN_OPTION_TEXT, type ReturnOption } from '@/lib/return-options'

export type LostNoteValues = {
  note: string
  returnInstructions: string
  returnOptions: ReturnOption[]
}

const NOTE_FIELDS: { name: 'note' | 'returnInstructions'; label: string; placeholder: string }[] = [
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
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold" fontSize="sm">
          WAYS BACK YOU ACCEPT
        </Text>
        <Text fontSize="sm" color="fg.muted">
          A finder picks one of these in the chat. A postal address is shared only when you choose
          to, with that one finder.
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
            <Checkbox.Label>{RETURN_OPTION_TEXT[option]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </Stack>
  )
}
