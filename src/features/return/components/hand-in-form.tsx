import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { ShareLocationButton } from '@/components/ui/share-location-button'
import type { SharedPosition } from '@/lib/geolocation'
import { describePoint } from '@/lib/map-links'
import { recordHandIn } from '@/features/return/api/record-hand-in'
import { finderRefusal } from '@/features/return/finder-refusal'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { useT } from '@/lib/i18n/use-t'

/** "I handed it in at …": the place in the finder's words, and an optional pin. */
export function HandInForm({ chatId, onDone }: { chatId: string; onDone: () => void }) {
  const [place, setPlace] = useState('')
  const [pin, setPin] = useState<SharedPosition | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const t = useT()
  const [error, setError] = useState<MessageId | null>(null)
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (place.trim() === '') {
      setError(msgId('ways.refusal.placeRequired'))
      return
    }
    setIsBusy(true)
    setError(null)
    try {
      await recordHandIn(chatId, place, pin)
      setPlace('')
      setPin(null)
      onDone()
    } catch (caught) {
      setError(finderRefusal(caught))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('ways.handIn.form')}>
      <Stack gap="2">
        <Field.Root>
          <Field.Label fontWeight="semibold" fontSize="sm">
            {t('ways.handIn.label')}
          </Field.Label>
          <Input
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            maxLength={200}
            placeholder={t('ways.handIn.placeholder')}
          />
        </Field.Root>
        {pin ? (
          <Text fontSize="sm">{t('ways.handIn.pinAdded', { point: describePoint(pin) })}</Text>
        ) : (
          <ShareLocationButton onPosition={setPin}>{t('ways.handIn.addPin')}</ShareLocationButton>
        )}
        <HStack>
          <Button type="submit" colorPalette="teal" size="sm" loading={isBusy}>
            {t('ways.handIn.submit')}
          </Button>
        </HStack>
        <FormMessage message={error && t(error)} />
      </Stack>
    </form>
  )
}
