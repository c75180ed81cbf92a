import type { Page, Route, WebSocketRoute } from '@playwright/test'
import { API_URL } from './urls.ts'

export type BackendSwitch = {
  /** From now on the backend answers nothing: HTTP requests hang, sockets go silent. */
  stopAnswering(): Promise<void>
  /** Answers again: held requests go through, silent sockets are closed so the app reconnects. */
  resume(): Promise<void>
}

/**
 * Puts the page's traffic to the Supabase API behind a switch. Install it before
 * the page loads, so the realtime socket is routed too.
 */
export async function backendSwitch(page: Page): Promise<BackendSwitch> {
  let isAnswering = true
  const held: Route[] = []
  const silentSockets: WebSocketRoute[] = []
  const liveSockets: { page: WebSocketRoute; server: WebSocketRoute }[] = []

  await page.route(`${API_URL}/**`, async (route) => {
    if (isAnswering) await route.fallback()
    else held.push(route)
  })
  const realtimeUrl = `${API_URL.replace(/^http/, 'ws')}/realtime/**`
  await page.routeWebSocket(realtimeUrl, (socket) => {
    if (isAnswering) {
      liveSockets.push({ page: socket, server: socket.connectToServer() })
    } else {
      silentSockets.push(socket)
    }
  })

  return {
    async stopAnswering() {
      isAnswering = false
      // The open socket drops (as when the server goes away); the app's reconnects
      // then reach a socket that never answers.
      for (const socket of liveSockets.splice(0)) {
        socket.page.onMessage(() => undefined)
        socket.server.onMessage(() => undefined)
        await socket.server.close().catch(() => undefined)
        await socket.page.close({ code: 1001, reason: 'going away' }).catch(() => undefined)
      }
    },
    async resume() {
      isAnswering = true
      for (const route of held.splice(0)) await route.fallback().catch(() => undefined)
      for (const socket of silentSockets.splice(0)) await socket.close().catch(() => undefined)
    },
  }
}
