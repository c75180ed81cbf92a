/** The chat's offline texts, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_TEXT =
  'You are offline. Messages you write will be sent when the connection returns.'

export const OFFLINE_ALERTS_TEXT =
  'You are offline. New reports and messages will show when the connection returns.'
