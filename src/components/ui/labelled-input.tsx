import { Field, Input, type InputProps } from '@chakra-ui/react'

type LabelledInputProps = Omit<InputProps, 'onChange' | 'value'> & {
  label: string
  value: string
  onValueChange: (value: string) => void
}

/** An input with its visible label (SPEC.md §2 labels), linked for screen readers. */
export function LabelledInput({ label, value, onValueChange, ...inputProps }: LabelledInputProps) {
  return (
    <Field.Root>
      <Field.Label fontWeight="semibold" fontSize="sm">
        {label}
      </Field.Label>
      <Input
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
      />
    </Field.Root>
  )
}
