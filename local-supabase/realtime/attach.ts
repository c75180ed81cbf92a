/**
 * STUB written by the Stack part-1 engineer so the server compiles; the part-2
 * engineer replaces it with the real Realtime service (same signature).
 */
import type { Server } from 'node:http'
import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

export function attachRealtime(
  _server: Server,
  _ctx: StackContext,
): { app: Hono; close(): Promise<void> } {
  const app = new Hono()
  app.all('*', (c) =>
    c.json({ message: 'Realtime is not implemented yet in the local stack' }, 501),
  )
  return { app, close: async () => {} }
}
