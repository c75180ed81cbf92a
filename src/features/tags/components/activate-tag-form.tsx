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
import { useT } from '@/lib/i18n/use-t'
import type { MessageId } from '@/lib/i18n/message-id'

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
  const [error, setError] = useState<MessageId | null>(null)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const t = useT()

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
      setConfirmation(t('tags.activated', { itemName: item.name }))
      void navigate(paths.activeTagActivated)
    } catch (failure) {
      setError(failure instanceof ActivationError ? failure.messageId : ACTIVATION_MESSAGES.failed)
      setIsSubmitting(false)
    }
  }

  return (
    <Stack gap="5" maxW="md" mx="auto" w="full">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <LabelledInput
            label={t('tags.field.tagId')}
            autoCapitalize="characters"
            autoComplete="off"
            value={tagId}
            onValueChange={setTagId}
          />
          <LabelledInput
            label={t('tags.field.activationCode')}
            autoComplete="off"
            value={activationCode}
            onValueChange={setActivationCode}
          />
          <LabelledInput
            label={t('tags.field.itemName')}
            maxLength={80}
            value={itemName}
            onValueChange={setItemName}
          />
          <FormMessage message={error && t(error)} />
          <Button type="submit" colorPalette="teal" loading={isSubmitting}>
            {t('tags.activate')}
          </Button>
        </Stack>
      </form>
      <Button asChild variant="outline" colorPalette="teal">
        <RouterLink to={paths.tag}>{t('tags.scanYourTag')}</RouterLink>
      </Button>
      <Button asChild variant="ghost" colorPalette="teal">
        <RouterLink to={paths.howToScan}>{t('tags.stuck')}</RouterLink>
      </Button>
    </Stack>
  )
}
