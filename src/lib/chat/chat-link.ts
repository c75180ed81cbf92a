import { paths } from '@/lib/paths'

/** The in-app address of a chat for a signed-in member (no invite token). */
export function chatPath(chatId: string): string {
  return `${paths.chat}?chatId=${encodeURIComponent(chatId)}`
}

/**
 * The finder's e-mail links to their chat with `&delete=my-details` (its invite
 * token still in the fragment; supabase/functions/_shared/notification-templates.ts
 * builds it): the chat then opens with "Delete my details now" already asking.
 */
export const DELETE_DETAILS_PARAM = { name: 'delete', value: 'my-details' } as const

/** Whether the chat was opened from the finder's "Delete my details now" link. */
export function asksToDeleteDetails(searchParams: URLSearchParams): boolean {
  return searchParams.get(DELETE_DETAILS_PARAM.name) === DELETE_DETAILS_PARAM.value
}
