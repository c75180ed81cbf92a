/**
 * `npm run inbox`: the dev inbox alone, for `npx supabase start` (Docker), whose
 * Edge Functions cannot reach the local stack's inbox. It answers the Twilio and
 * e-mail APIs the functions call (supabase/functions/.env points them at
 * http://host.docker.internal:54334, the host as the functions' container sees
 * it) and lists every SMS and e-mail at http://127.0.0.1:54334. It listens on all
 * interfaces (the container comes from the Docker bridge) and keeps nothing on
 * disk. INBOX_PORT / INBOX_HOST change where it listens.
 */
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createInbox, STANDALONE_INBOX_PORT } from './app.ts'

const port = Number(process.env.INBOX_PORT?.trim() || STANDALONE_INBOX_PORT)
const host = process.env.INBOX_HOST?.trim() || '0.0.0.0'
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`INBOX_PORT must be a port number (got "${process.env.INBOX_PORT}")`)
  process.exit(2)
}

const inbox = createInbox()
const server = createServer(getRequestListener(inbox.app.fetch))
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is already in use (is another inbox running?)`
      : `The dev inbox could not start: ${error.message}`,
  )
  process.exit(1)
})
server.listen(port, host, () => {
  const address = server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  console.log(
    `Dev inbox: http://127.0.0.1:${bound} (listening on ${host}:${bound}). Ctrl-C stops it.`,
  )
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
