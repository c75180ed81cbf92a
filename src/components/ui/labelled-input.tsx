import { HStack, Stack, chakra, createRecipeContext, type InputProps } from '@chakra-ui/react'
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
  /** A word beside the label (e.g. 'Optional'), read after the field's name by screen readers. */
  hint?: string
} & (
    | { value: string; onValueChange: (value: string) => void }
    | { value?: never; onValueChange?: never }
  )

/** An input with its visible label (SPEC.md §2 labels), linked for screen readers. */
export function LabelledInput({
  label,
  hint,
  value,
  onValueChange,
  id,
  ...inputProps
}: LabelledInputProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  return (
    <Stack gap="1.5">
      <HStack gap="2" align="baseline">
        <chakra.label htmlFor={inputId} fontWeight="semibold" fontSize="sm">
          {label}
        </chakra.label>
        {hint && (
          <chakra.span id={hintId} fontSize="sm" color="fg.muted">
            {hint}
          </chakra.span>
        )}
      </HStack>
      <RecipeInput
        id={inputId}
        {...(hint && { 'aria-describedby': hintId })}
        {...(onValueChange && {
          value,
          onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
        })}
        {...inputProps}
      />
    </Stack>
  )
}
