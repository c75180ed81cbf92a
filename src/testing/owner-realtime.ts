import { ws } from 'msw'
import { createClient } from '@supabase/supabase-js'
import { env } from '@/lib/env'
import type { Database } from '@/types/database.types'
import { restGet, rpc } from '@/testing/supabase-handlers'

/**
 * For app tests that render the owner's dashboard, whose live alerts open a
 * Realtime socket and list the reports on the owner's items. Use with
 * `vi.mock('@/lib/supabase', async () => (await import('@/testing/owner-realtime')).mockedSupabase())`
 * and `server.use(...ownerRealtime())`, so no test ever reaches a running stack.
 */

/** Looks up globalThis.WebSocket when connecting, after msw has patched it. */
const LazyWebSocket = function LazyWebSocket(url: string | URL, protocols?: string | string[]) {
  return new globalThis.WebSocket(url, protocols)
} as unknown as typeof WebSocket

export function mockedSupabase() {
  return {
    supabase: createClient<Database>(env.supabaseUrl, env.supabaseKey, {
      realtime: { transport: LazyWebSocket },
    }),
  }
}

// One link per test file: every ws.link() adds a listener to msw's shared
// BroadcastChannel that is never removed (MaxListenersExceededWarning after ten).
const realtime = ws.link('ws://*/realtime/v1/websocket')

/** No reports yet (list_conversations), an unverified mobile number, and a Realtime socket that accepts connections and stays quiet. */
export function ownerRealtime(connections: { count: number } = { count: 0 }) {
  return [
    rpc('list_conversations', []),
    // The dashboard also reads whether the mobile number is verified: not yet.
    restGet('mobile_verifications', []),
    rpc('mark_report_opened', true),
    realtime.addEventListener('connection', () => {
      connections.count += 1
    }),
  ]
}
