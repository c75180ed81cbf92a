import { Alert } from '@chakra-ui/react'

export const OFFLINE_TEXT =
  'You are offline. Messages you write will be sent when the connection returns.'

export const OFFLINE_ALERTS_TEXT =
  'You are offline. New reports and messages will show when the connection returns.'

/** Shown after 10 s without a reply from the backend. */
export function OfflineBanner({
  isOffline,
  text = OFFLINE_TEXT,
}: {
  isOffline: boolean
  text?: string
}) {
  if (!isOffline) return null
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  )
}
