/** The hub's offline text, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_ALERTS_TEXT =
  'You are offline. New reports and messages will show when the connection returns.'
