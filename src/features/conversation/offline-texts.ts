import { msgId } from '@/lib/i18n/message-id'

/** The chat's offline text, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_TEXT =
  'You are offline. Messages you write will be sent when the connection returns.'

/** The same, for the finder (the owner's pages stay English). */
export const FINDER_OFFLINE_TEXT = msgId('chat.offline')
