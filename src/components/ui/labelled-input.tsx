import { Stack, chakra, createRecipeContext, type InputProps } from '@chakra-ui/react'
import { useId, type ChangeEvent } from 'react'

/**
 * Chakra's input recipe on a plain <input>. Chakra's own Input and Field wrap Ark's
 * field machinery (validation state, ids, auto-resize), which we do not use; leaving
 * it out keeps ~5 KiB gzipped off the finder's first page (tests/build budgets).
 */
const RecipeInput = createRecipeContext({ key: 'input' }).withContext<HTMLInputElement, InputProps>(
  'input',
)

/** Controlled (`value` + `onValueChange`), or uncontrolled (`name`, `defaultValue`, read with FormData). */
type LabelledInputProps = Omit<InputProps, 'onChange' | 'value'> & {
  label: string
} & (
    | { value: string; onValueChange: (value: string) => void }
    | { value?: never; onValueChange?: never }
  )

/** An input with its visible label (SPEC.md §2 labels), linked for screen readers. */
export function LabelledInput({
  label,
  value,
  onValueChange,
  id,
  ...inputProps
}: LabelledInputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={inputId} fontWeight="semibold" fontSize="sm">
        {label}
      </chakra.label>
      <RecipeInput
        id={inputId}
        {...(onValueChange && {
          value,
          onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
        })}
        {...inputProps}
      />
    </Stack>
  )
}
