import { msgId } from '@/lib/i18n/message-id'

/** iPhone and iPad: only a web app on the Home Screen receives pushes (iOS 16.4 or later). */
export const HOME_SCREEN_STEPS = msgId('push.homeScreenSteps')
