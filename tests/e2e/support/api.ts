import type { Page } from '@playwright/test'
import { API_URL } from './urls.ts'

const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

/**
 * Posts a chat message straight to the REST API with the session the page holds
 * (supabase-js keeps it in localStorage), as a client ignoring the app's UI would.
 */
export async function postMessageThroughApi(
  page: Page,
  chatId: string,
  body: string,
): Promise<{ status: number; message: string }> {
  return page.evaluate(
    async ({ apiUrl, key, chatId, body }) => {
      const stored = Object.keys(localStorage)
        .filter((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))
        .map((name) => localStorage.getItem(name))[0]
      const token = stored ? (JSON.parse(stored) as { access_token?: string }).access_token : ''
      const response = await fetch(`${apiUrl}/rest/v1/messages`, {
        method: 'POST',
        headers: {
          apikey: key,
          authorization: `Bearer ${token ?? ''}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ chat_id: chatId, body }),
      })
      const answer = (await response.json().catch(() => ({}))) as { message?: string }
      return { status: response.status, message: answer.message ?? '' }
    },
    { apiUrl: API_URL, key: PUBLISHABLE_KEY, chatId, body },
  )
}
