import { msgId } from '@/lib/i18n/message-id'

/** The hub's offline text, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_ALERTS_TEXT = msgId('hub.alerts.offline')
