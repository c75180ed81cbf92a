/** The chat's offline text, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_TEXT =
  'You are offline. Messages you write will be sent when the connection returns.'
