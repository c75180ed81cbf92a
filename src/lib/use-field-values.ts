import { useState } from 'react'

type TextFields = Record<string, string>

/**
 * A form's text fields in one state object, and `bind(name)`, the value and
 * change handler for that field's input (`<LabelledInput {...bind('email')} />`).
 * `onEdit` runs before each change (e.g. to drop a submission's idempotency key).
 */
export function useFieldValues<Fields extends TextFields>(
  initial: Fields | (() => Fields),
  onEdit?: (name: keyof Fields) => void,
) {
  const [values, setValues] = useState<Fields>(initial)
  const bind = (name: keyof Fields) => ({
    value: values[name],
    onValueChange: (value: string) => {
      onEdit?.(name)
      setValues((current) => ({ ...current, [name]: value }))
    },
  })
  return { values, bind }
}
