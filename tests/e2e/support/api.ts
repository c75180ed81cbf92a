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

/**
 * Any request to the API with the session the page holds, as a client ignoring
 * the app would make it: the body as base64 bytes (sent with contentType) or
 * JSON. Answers the status, the body's text and the caller's user id.
 */
export async function requestAsPage(
  page: Page,
  path: string,
  init: { method?: string; contentType: string; base64?: string; json?: unknown },
): Promise<{ status: number; text: string; userId: string; retryAfter: string | null }> {
  return page.evaluate(
    async ({ apiUrl, key, path, init }) => {
      const stored = Object.keys(localStorage)
        .filter((name) => name.startsWith('sb-') && name.endsWith('-auth-token'))
        .map((name) => localStorage.getItem(name))[0]
      const session = stored
        ? (JSON.parse(stored) as { access_token?: string; user?: { id?: string } })
        : {}
      const body =
        init.base64 !== undefined
          ? Uint8Array.from(atob(init.base64), (c) => c.charCodeAt(0))
          : JSON.stringify(init.json ?? {})
      const response = await fetch(`${apiUrl}${path}`, {
        method: init.method ?? 'POST',
        headers: {
          apikey: key,
          authorization: `Bearer ${session.access_token ?? ''}`,
          'content-type': init.contentType,
        },
        body,
      })
      return {
        status: response.status,
        text: await response.text(),
        userId: session.user?.id ?? '',
        retryAfter: response.headers.get('retry-after'),
      }
    },
    { apiUrl: API_URL, key: PUBLISHABLE_KEY, path, init },
  )
}
