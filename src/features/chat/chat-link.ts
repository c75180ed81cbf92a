/** The in-app address of a chat for a signed-in member (no invite token). */
export function chatPath(chatId: string): string {
  return `/chat?chatId=${encodeURIComponent(chatId)}`
}
