import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { useAtomValue } from '@/lib/jotai'
import { userAtom } from '@/lib/store'
import {
  sharePostalAddress,
  withdrawPostalAddress,
} from '@/features/return/api/share-postal-address'
import { postalAddressFrom } from '@/features/return/ways-back-texts'
import { refusalId } from '@/lib/chat/refusal-id'
import { useT } from '@/lib/i18n/use-t'

/**
 * The owner shares a postal address with this one finder, in one tap: the
 * address from their account is ready to send (and may be changed first).
 */
export function PostalAddressShare({
  chatId,
  finder,
  sharedAddress,
  onDone,
}: {
  chatId: string
  finder: string
  sharedAddress: string | null
  onDone: () => void
}) {
  const t = useT()
  const profile = useAtomValue(userAtom).doc
  const [address, setAddress] = useState(() => postalAddressFrom(profile))
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = async (action: () => Promise<void>) => {
    setIsBusy(true)
    setError(null)
    try {
      await action()
      onDone()
    } catch (caught) {
      // A refusal the database gave a code for, in the owner's words; anything else as it came.
      const id = refusalId(caught)
      setError(id ? t(id) : caught instanceof Error ? caught.message : String(caught))
    } finally {
      setIsBusy(false)
    }
  }
  if (sharedAddress !== null) {
    return (
      <Stack gap="2">
        <HStack>
          <Button
            size="sm"
            variant="outline"
            loading={isBusy}
            onClick={() => void run(() => withdrawPostalAddress(chatId))}
          >
            {t('ownerReturn.address.stopSharing')}
          </Button>
        </HStack>
        <FormMessage message={error} />
      </Stack>
    )
  }
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label fontWeight="semibold" fontSize="sm">
          {t('ownerReturn.address.label', { finder: finder.toUpperCase() })}
        </Field.Label>
        <Textarea
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoresize
          rows={3}
          maxLength={500}
        />
      </Field.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('ownerReturn.address.onlyFinder', { finder })}
      </Text>
      <HStack>
        <Button
          size="sm"
          colorPalette="teal"
          loading={isBusy}
          onClick={() => void run(() => sharePostalAddress(chatId, address))}
        >
          {t('ownerReturn.address.share', { finder })}
        </Button>
      </HStack>
      <FormMessage message={error} />
    </Stack>
  )
}
