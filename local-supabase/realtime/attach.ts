/**
 * Local Realtime: the WebSocket endpoint `/realtime/v1/websocket` (handled on the
 * HTTP server's upgrade event) and the HTTP broadcast API mounted at /realtime/v1.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { Hono } from 'hono'
import { WebSocketServer } from 'ws'
import type { StackContext } from '../context.ts'
import { JwtError, resolveApiRole, translateApiKey } from '../keys.ts'
import { identify, RealtimeChannels, type BroadcastMessage, type Connection } from './channels.ts'
import { parseVsn } from './protocol.ts'
import { isRecord } from '../is-record.ts'

const SOCKET_PATH = '/realtime/v1/websocket'

function reject(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

export function attachRealtime(
  server: Server,
  ctx: StackContext,
): { app: Hono; close(): Promise<void> } {
  const log = ctx.log.child({ service: 'realtime' })
  const channels = new RealtimeChannels(ctx.db, ctx.config, log)
  const started = channels.start().catch((error: unknown) => {
    log.error({ err: error }, 'realtime: could not start the database feeds')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: 3 * 1024 * 1024 })
  const connections = new Set<Connection>()

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== SOCKET_PATH && url.pathname !== `${SOCKET_PATH}/`) return
    const vsn = parseVsn(url.searchParams.get('vsn'))
    const header = request.headers['x-api-key']
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : '')
    if (!vsn) {
      reject(socket, 400, 'Bad Request', 'Unsupported serializer version')
      return
    }
    if (!apikey) {
      reject(socket, 403, 'Forbidden', 'No api key provided')
      return
    }
    const token = translateApiKey(apikey, ctx.config)
    identify(token, ctx.config).then(
      () =>
        wss.handleUpgrade(request, socket, head, (ws) => {
          const conn: Connection = { ws, vsn, token, channels: new Map(), queue: started }
          connections.add(conn)
          ws.on('message', (data, isBinary) => {
            const buffer = Array.isArray(data)
              ? Buffer.concat(data)
              : Buffer.from(data as ArrayBuffer)
            channels.receive(conn, buffer, isBinary)
          })
          ws.on('close', () => {
            connections.delete(conn)
            channels.disconnect(conn)
          })
          ws.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'))
        }),
      (error: unknown) => reject(socket, 403, 'Forbidden', (error as Error).message),
    )
  }
  server.on('upgrade', onUpgrade)

  const app = new Hono()

  const authorise = async (headers: Headers, query: string | undefined) => {
    const merged = new Headers(headers)
    if (!merged.get('apikey') && query) merged.set('apikey', query)
    const { role, claims } = await resolveApiRole(merged, ctx.config)
    return { role, claims }
  }

  const publish = async (
    identity: Awaited<ReturnType<typeof authorise>>,
    message: BroadcastMessage,
  ) => {
    if (message.isPrivate && !(await channels.mayPublish(identity, message.topic))) return
    channels.broadcast(message)
  }

  app.post('/api/broadcast', async (c) => {
    let identity: Awaited<ReturnType<typeof authorise>>
    try {
      identity = await authorise(c.req.raw.headers, c.req.query('apikey'))
    } catch (error) {
      if (error instanceof JwtError) return c.json({ message: error.message }, 401)
      throw error
    }
    const body: unknown = await c.req.json().catch(() => null)
    const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : null
    if (!messages || !messages.every(isRecord)) {
      return c.json(
        { message: 'Request body must be {"messages": [{topic, event, payload}]}' },
        422,
      )
    }
    for (const m of messages) {
      if (typeof m.topic !== 'string' || m.topic === '' || typeof m.event !== 'string') {
        return c.json({ message: 'Each message needs a topic and an event' }, 422)
      }
    }
    for (const m of messages) {
      await publish(identity, {
        topic: String(m.topic).replace(/^realtime:/, ''),
        event: String(m.event),
        payload: m.payload ?? {},
        isPrivate: m.private === true,
        ...(typeof m.id === 'string' ? { id: m.id } : {}),
      })
    }
    return c.body(null, 202)
  })

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    let identity: Awaited<ReturnType<typeof authorise>>
    try {
      identity = await authorise(c.req.raw.headers, c.req.query('apikey'))
    } catch (error) {
      if (error instanceof JwtError) return c.json({ message: error.message }, 401)
      throw error
    }
    const raw = await c.req.text()
    let payload: unknown = {}
    if (raw !== '') {
      try {
        payload = JSON.parse(raw)
      } catch {
        return c.json({ message: 'Request body must be JSON' }, 422)
      }
    }
    await publish(identity, {
      topic: c.req.param('topic').replace(/^realtime:/, ''),
      event: c.req.param('event'),
      payload,
      isPrivate: c.req.query('private') === 'true',
    })
    return c.body(null, 202)
  })

  return {
    app,
    async close() {
      server.off('upgrade', onUpgrade)
      for (const conn of connections) conn.ws.terminate()
      connections.clear()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await started
      await channels.stop()
    },
  }
}
