import { Alert } from '@chakra-ui/react'

export const OFFLINE_TEXT =
  'You are offline. Messages you write will be sent when the connection returns.'

/** Shown after 10 s without a reply from the backend. */
export function OfflineBanner({ isOffline }: { isOffline: boolean }) {
  if (!isOffline) return null
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{OFFLINE_TEXT}</Alert.Title>
    </Alert.Root>
  )
}
