import { paths } from '@/lib/paths'

/** The in-app address of a chat for a signed-in member (no invite token). */
export function chatPath(chatId: string): string {
  return `${paths.chat}?chatId=${encodeURIComponent(chatId)}`
}
