import { Button, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { askForPosition, type SharedPosition } from '@/lib/geolocation'
import { useIsHydrated } from '@/lib/use-is-hydrated'

/**
 * "Share where I found it": asks the browser for its position only when pressed,
 * then hands it on. Never required; a refusal is explained in plain words.
 */
export function ShareLocationButton({
  onPosition,
  children = 'Share where I found it',
}: {
  onPosition: (position: SharedPosition) => Promise<void> | void
  children?: string
}) {
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // On a prerendered page a press before the app has hydrated would do nothing.
  const isHydrated = useIsHydrated()
  const press = async () => {
    setIsBusy(true)
    setError(null)
    try {
      await onPosition(await askForPosition())
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught))
    } finally {
      setIsBusy(false)
    }
  }
  return (
    <Stack gap="1" align="start">
      <Button
        type="button"
        variant="outline"
        colorPalette="teal"
        size="sm"
        loading={isBusy}
        disabled={!isHydrated}
        onClick={() => void press()}
      >
        {children}
      </Button>
      <FormMessage message={error} />
    </Stack>
  )
}
