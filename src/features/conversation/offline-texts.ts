import { msgId } from '@/lib/i18n/message-id'

/** The chat's offline text, for the shared OfflineBanner (@/components/ui/offline-banner). */
export const OFFLINE_TEXT = msgId('ownerChat.offline')

/** The same, for the finder (in the finder's language). */
export const FINDER_OFFLINE_TEXT = msgId('chat.offline')
