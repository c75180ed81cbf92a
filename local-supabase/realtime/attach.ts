/**
 * Local Realtime: the WebSocket endpoint `/realtime/v1/websocket` (socket.ts,
 * on the HTTP server's upgrade event) and the HTTP broadcast API mounted at
 * /realtime/v1 (broadcast-api.ts), both over one channel layer (channels.ts).
 */
import type { Server } from 'node:http'
import type { Hono } from 'hono'
import type { StackContext } from '../context.ts'
import { createBroadcastApi } from './broadcast-api.ts'
import { RealtimeChannels } from './channels.ts'
import { acceptRealtimeSockets } from './socket.ts'

export function attachRealtime(
  server: Server,
  ctx: StackContext,
): { app: Hono; close(): Promise<void> } {
  const log = ctx.log.child({ service: 'realtime' })
  const channels = new RealtimeChannels(ctx.db, ctx.config, log)
  const started = channels.start().catch((error: unknown) => {
    log.error({ err: error }, 'realtime: could not start the database feeds')
  })
  const sockets = acceptRealtimeSockets({ server, channels, config: ctx.config, log, started })
  return {
    app: createBroadcastApi(channels, ctx.config),
    async close() {
      await sockets.close()
      await started
      await channels.stop()
    },
  }
}
