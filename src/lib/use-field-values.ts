import { useState } from 'react'

type TextFields = Record<string, string>

/**
 * A form's text fields in one state object, and `bind(name)`, the value, change
 * handler and length limit for that field's input (`<LabelledInput {...bind('email')} />`).
 * `onEdit` runs before each change (e.g. to drop a submission's idempotency key).
 */
export function useFieldValues<Fields extends TextFields>(
  initial: Fields | (() => Fields),
  {
    maxLength = {},
    onEdit,
  }: {
    /** Characters a field takes at most (the browser stops typing and pasting there). */
    maxLength?: Partial<Record<keyof Fields, number>>
    onEdit?: (name: keyof Fields) => void
  } = {},
) {
  const [values, setValues] = useState<Fields>(initial)
  const bind = (name: keyof Fields) => ({
    value: values[name],
    maxLength: maxLength[name],
    onValueChange: (value: string) => {
      onEdit?.(name)
      setValues((current) => ({ ...current, [name]: value }))
    },
  })
  return { values, bind }
}
