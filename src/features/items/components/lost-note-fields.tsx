import { Field, Stack, Text, Textarea } from '@chakra-ui/react'

export type LostNoteValues = { note: string; returnInstructions: string }

type LostNoteFieldsProps = {
  values: LostNoteValues
  onChange: (values: LostNoteValues) => void
}

/**
 * The owner's words for a finder, edited while the item is marked LOST. Their
 * length limits live in the database (*_lost_mode.sql), which names them when a
 * text is too long.
 */
export function LostNoteFields({ values, onChange }: LostNoteFieldsProps) {
  return (
    <Stack gap="3" borderWidth="1px" borderColor="red.200" borderRadius="l2" p="4">
      <Text fontSize="sm" id="lost-note-help">
        While the item is LOST, whoever scans its tag sees these above the form. Your name and
        contact details are never shown: leave them out here too.
      </Text>
      <Field.Root>
        <Field.Label fontWeight="semibold" fontSize="sm">
          NOTE FOR THE FINDER
        </Field.Label>
        <Textarea
          value={values.note}
          onChange={(event) => onChange({ ...values, note: event.target.value })}
          placeholder="Reward offered"
          aria-describedby="lost-note-help"
          autoresize
          rows={2}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label fontWeight="semibold" fontSize="sm">
          RETURN INSTRUCTIONS
        </Field.Label>
        <Textarea
          value={values.returnInstructions}
          onChange={(event) => onChange({ ...values, returnInstructions: event.target.value })}
          placeholder="You can hand it in at the Bath Spa station ticket office"
          aria-describedby="lost-note-help"
          autoresize
          rows={2}
        />
      </Field.Root>
    </Stack>
  )
}
