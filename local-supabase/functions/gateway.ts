/**
 * STUB written by the Stack part-1 engineer so the server compiles; the part-2
 * engineer replaces it with the real Edge Functions gateway (same signature).
 */
import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

export async function createFunctionsGateway(
  _ctx: StackContext & { apiUrl: string },
): Promise<{ app: Hono; close(): Promise<void> }> {
  const app = new Hono()
  app.all('*', (c) =>
    c.json(
      {
        code: 'NOT_IMPLEMENTED',
        message: 'Edge Functions are not implemented yet in the local stack',
      },
      501,
    ),
  )
  return { app, close: async () => {} }
}
