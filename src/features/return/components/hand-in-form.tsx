import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { ShareLocationButton } from '@/components/ui/share-location-button'
import type { SharedPosition } from '@/lib/geolocation'
import { describePoint } from '@/lib/map-links'
import { recordHandIn } from '@/features/return/api/record-hand-in'

/** "I handed it in at …": the place in the finder's words, and an optional pin. */
export function HandInForm({ chatId, onDone }: { chatId: string; onDone: () => void }) {
  const [place, setPlace] = useState('')
  const [pin, setPin] = useState<SharedPosition | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (place.trim() === '') {
      setError('Please say where you handed it in.')
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
      setError(caught instanceof Error ? caught.message : String(caught))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="I handed it in">
      <Stack gap="2">
        <Field.Root>
          <Field.Label fontWeight="semibold" fontSize="sm">
            I HANDED IT IN AT
          </Field.Label>
          <Input
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            maxLength={200}
            placeholder="York station lost property office"
          />
        </Field.Root>
        {pin ? (
          <Text fontSize="sm">Pin added: {describePoint(pin)}</Text>
        ) : (
          <ShareLocationButton onPosition={setPin}>Add a pin where I am</ShareLocationButton>
        )}
        <HStack>
          <Button type="submit" colorPalette="teal" size="sm" loading={isBusy}>
            Tell the owner
          </Button>
        </HStack>
        <FormMessage message={error} />
      </Stack>
    </form>
  )
}
