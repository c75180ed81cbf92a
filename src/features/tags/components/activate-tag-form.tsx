import { useState, type FormEvent } from 'react'
import { Button, Stack } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { FormMessage } from '@/components/ui/form-message'
import { LabelledInput } from '@/components/ui/labelled-input'
import { unregisteredTagAtom } from '@/lib/after-login'
import { confirmationAtom } from '@/lib/confirmation'
import { useAtom, useSetAtom } from '@/lib/jotai'
import { stateAtom } from '@/lib/store'
import { areAllFilled } from '@/lib/validation'
import { ACTIVATION_MESSAGES, ActivationError, activateTag } from '@/features/tags/api/activate-tag'
import { paths } from '@/lib/paths'

/** The dashboard's confirmation once a tag is activated. */
export const activatedText = (itemName: string) => `Tag activated: ${itemName} is now protected.`

/**
 * /activeTag, signed in: TAG ID (prefilled from a scanned unclaimed tag), ACTIVATION
 * CODE, NAME YOUR ITEM. Success lists the new item and goes to /activeTag/activated.
 */
export function ActivateTagForm() {
  const navigate = useNavigate()
  const [unregisteredTag, setUnregisteredTag] = useAtom(unregisteredTagAtom)
  const [state, setState] = useAtom(stateAtom)
  const setConfirmation = useSetAtom(confirmationAtom)
  // Follows the scanned tag (which may be read back from storage after the first
  // render) until the owner types their own.
  const [typedTagId, setTagId] = useState<string | null>(null)
  const tagId = typedTagId ?? unregisteredTag ?? ''
  const [activationCode, setActivationCode] = useState('')
  const [itemName, setItemName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (isSubmitting) return
    if (!areAllFilled([tagId, activationCode, itemName])) {
      setError(ACTIVATION_MESSAGES.missingFields)
      return
    }
    setError(null)
    setIsSubmitting(true)
    try {
      const item = await activateTag({ tagId, activationCode, itemName })
      const others = (state.items ?? []).filter((each) => each.id !== item.id)
      setState({ items: [...others, item] })
      setUnregisteredTag(null)
      setConfirmation(activatedText(item.name))
      void navigate(paths.activeTagActivated)
    } catch (failure) {
      setError(failure instanceof ActivationError ? failure.message : ACTIVATION_MESSAGES.failed)
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label="TAG ID"
            autoCapitalize="characters"
            autoComplete="off"
            value={tagId}
            onValueChange={setTagId}
          />
          <LabelledInput
            label="ACTIVATION CODE"
            autoComplete="off"
            value={activationCode}
            onValueChange={setActivationCode}
          />
          <LabelledInput
            label="NAME YOUR ITEM"
            maxLength={80}
            value={itemName}
            onValueChange={setItemName}
          />
          <FormMessage message={error} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            Activate
          </Button>
        </Stack>
      </form>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={paths.tag}>Scan Your Tag</RouterLink>
      </Button>
      <Button asChild variant="ghost" colorPalette="teal">
        <RouterLink to={paths.howToScan}>I&apos;m stuck, help!</RouterLink>
      </Button>
    </Stack>
  )
}
