import { ws, type WebSocketHandler } from 'msw'

/**
 * An msw WebSocket handler speaking enough of Supabase Realtime (Phoenix, vsn
 * 2.0.0 text frames) for the app tests: joins (private topics may be refused),
 * heartbeats, leaves, and broadcasts pushed by the test.
 */
type Frame = [string | null, string | null, string, string, unknown]

export type FakeRealtime = {
  handler: WebSocketHandler
  /** Topics joined so far, without the `realtime:` prefix. */
  joined: string[]
  /** Delivers a broadcast to every socket that joined `topic`. */
  broadcast: (topic: string, event: string, payload: unknown) => void
  /** Drops every open socket, as a network blip would. */
  dropAll: () => void
}

// One link per test file: every ws.link() adds a listener to msw's shared
// BroadcastChannel that is never removed (MaxListenersExceededWarning after ten).
const link = ws.link('ws://*/realtime/v1/websocket')

export function fakeRealtime(options: { refuse?: (topic: string) => boolean } = {}): FakeRealtime {
  const joined: string[] = []
  const sockets = new Set<{
    send: (data: string) => void
    close: () => void
    topics: Set<string>
  }>()

  const handler = link.addEventListener('connection', ({ client }) => {
    const socket = {
      send: (data: string) => client.send(data),
      close: () => client.close(),
      topics: new Set<string>(),
    }
    sockets.add(socket)
    client.addEventListener('close', () => sockets.delete(socket))
    client.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return
      const [joinRef, ref, topic, kind] = JSON.parse(event.data) as Frame
      const reply = (status: 'ok' | 'error', response: object) =>
        client.send(JSON.stringify([joinRef, ref, topic, 'phx_reply', { status, response }]))
      const name = topic.replace(/^realtime:/, '')
      if (kind === 'heartbeat') reply('ok', {})
      if (kind === 'phx_leave') {
        socket.topics.delete(topic)
        reply('ok', {})
      }
      if (kind !== 'phx_join') return
      if (options.refuse?.(name)) {
        reply('error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
        })
        return
      }
      joined.push(name)
      socket.topics.add(topic)
      reply('ok', { postgres_changes: [] })
    })
  })

  return {
    handler,
    joined,
    broadcast(topic, event, payload) {
      const full = `realtime:${topic}`
      const frame = JSON.stringify([
        null,
        null,
        full,
        'broadcast',
        { type: 'broadcast', event, payload },
      ])
      for (const socket of sockets) if (socket.topics.has(full)) socket.send(frame)
    },
    dropAll() {
      for (const socket of [...sockets]) socket.close()
    },
  }
}
