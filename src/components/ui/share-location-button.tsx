import { Button, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { FormMessage } from '@/components/ui/form-message'
import {
  askForPosition,
  LOCATION_MESSAGE_IDS,
  LocationError,
  type SharedPosition,
} from '@/lib/geolocation'
import { useT } from '@/lib/i18n/use-t'
import { useIsHydrated } from '@/lib/use-is-hydrated'

/**
 * "Share where I found it": asks the browser for its position only when pressed,
 * then hands it on. Never required; a refusal is explained in plain words, the
 * browser's in the finder's language (an error onPosition throws is shown as it is).
 */
export function ShareLocationButton({
  onPosition,
  children = 'Share where I found it',
}: {
  onPosition: (position: SharedPosition) => Promise<void> | void
  children?: string
}) {
  const [isBusy, setIsBusy] = useState(false)
  // The browser's refusal (said in the page's language when shown), or another error's words.
  const [error, setError] = useState<LocationError | string | null>(null)
  const t = useT()
  // On a prerendered page a press before the app has hydrated would do nothing.
  const isHydrated = useIsHydrated()
  const press = async () => {
    setIsBusy(true)
    setError(null)
    try {
      await onPosition(await askForPosition())
    } catch (caught) {
      setError(
        caught instanceof LocationError
          ? caught
          : caught instanceof Error
            ? caught.message
            : String(caught),
      )
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
      <FormMessage
        message={error instanceof LocationError ? t(LOCATION_MESSAGE_IDS[error.reason]) : error}
      />
    </Stack>
  )
}
