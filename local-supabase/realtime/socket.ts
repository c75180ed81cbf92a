/**
 * Realtime's WebSocket endpoint `/realtime/v1/websocket`, taken on the HTTP
 * server's upgrade event: the serializer version and apikey are checked before
 * the upgrade (refused with Realtime's HTTP errors), each socket's frames go to
 * the channel layer.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { WebSocketServer } from 'ws'
import type { StackConfig } from '../config.ts'
import { translateApiKey } from '../keys.ts'
import { identify, type Connection, type RealtimeChannels } from './channels.ts'
import { parseVsn } from './protocol.ts'

const SOCKET_PATH = '/realtime/v1/websocket'

function reject(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

export type SocketEndpointOptions = {
  server: Server
  channels: RealtimeChannels
  config: StackConfig
  log: Logger
  /** Settles once the database feeds have started; each connection's frames wait for it. */
  started: Promise<void>
}

/** Starts taking upgrades on `server`; `close` stops taking them and ends every open socket. */
export function acceptRealtimeSockets(options: SocketEndpointOptions): { close(): Promise<void> } {
  const { server, channels, config, log, started } = options
  const wss = new WebSocketServer({ noServer: true, maxPayload: 3 * 1024 * 1024 })
  const connections = new Set<Connection>()

  const open = (conn: Connection) => {
    connections.add(conn)
    conn.ws.on('message', (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
      channels.receive(conn, buffer, isBinary)
    })
    conn.ws.on('close', () => {
      connections.delete(conn)
      channels.disconnect(conn)
    })
    conn.ws.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'))
  }

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
    const token = translateApiKey(apikey, config)
    identify(token, config).then(
      () =>
        wss.handleUpgrade(request, socket, head, (ws) =>
          open({ ws, vsn, token, channels: new Map(), queue: started }),
        ),
      (error: unknown) => reject(socket, 403, 'Forbidden', (error as Error).message),
    )
  }
  server.on('upgrade', onUpgrade)

  return {
    async close() {
      server.off('upgrade', onUpgrade)
      for (const conn of connections) conn.ws.terminate()
      connections.clear()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
