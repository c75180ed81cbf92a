import { Alert } from '@chakra-ui/react'

/**
 * What the app says while it has no connection (after 10 s without a reply from the
 * backend, or with the browser offline): the text says what happens to what the
 * user sent meanwhile. Shared by the chat and the finder's pages.
 */
export function OfflineBanner({ isOffline, text }: { isOffline: boolean; text: string }) {
  if (!isOffline) return null
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  )
}
