/**
 * Realtime's HTTP broadcast API (mounted at /realtime/v1): POST /api/broadcast
 * sends a batch of messages, POST /api/broadcast/:topic/events/:event one payload.
 * A private message reaches its topic only when the caller may write to it.
 */
import { Hono, type Context } from 'hono'
import type { StackConfig } from '../config.ts'
import { isRecord } from '../is-record.ts'
import { JwtError, resolveApiRole } from '../keys.ts'
import type { Identity } from './authorize.ts'
import type { BroadcastMessage, RealtimeChannels } from './channels.ts'

/** The caller's role and claims (apikey header, or the `apikey` query parameter); a bad key is a 401 reply. */
async function authorise(c: Context, config: StackConfig): Promise<Identity | Response> {
  const headers = new Headers(c.req.raw.headers)
  const query = c.req.query('apikey')
  if (!headers.get('apikey') && query) headers.set('apikey', query)
  try {
    const { role, claims } = await resolveApiRole(headers, config)
    return { role, claims }
  } catch (error) {
    if (error instanceof JwtError) return c.json({ message: error.message }, 401)
    throw error
  }
}

/** The messages of a batch body, or the 422 reply that says what is wrong with it. */
function batchMessages(c: Context, body: unknown): BroadcastMessage[] | Response {
  const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : null
  if (!messages || !messages.every(isRecord)) {
    return c.json({ message: 'Request body must be {"messages": [{topic, event, payload}]}' }, 422)
  }
  for (const m of messages) {
    if (typeof m.topic !== 'string' || m.topic === '' || typeof m.event !== 'string') {
      return c.json({ message: 'Each message needs a topic and an event' }, 422)
    }
  }
  return messages.map((m) => ({
    topic: String(m.topic).replace(/^realtime:/, ''),
    event: String(m.event),
    payload: m.payload ?? {},
    isPrivate: m.private === true,
    ...(typeof m.id === 'string' ? { id: m.id } : {}),
  }))
}

export function createBroadcastApi(channels: RealtimeChannels, config: StackConfig): Hono {
  const app = new Hono()

  const publish = async (identity: Identity, message: BroadcastMessage) => {
    if (message.isPrivate && !(await channels.mayPublish(identity, message.topic))) return
    channels.broadcast(message)
  }

  app.post('/api/broadcast', async (c) => {
    const identity = await authorise(c, config)
    if (identity instanceof Response) return identity
    const messages = batchMessages(c, await c.req.json().catch(() => null))
    if (messages instanceof Response) return messages
    for (const message of messages) await publish(identity, message)
    return c.body(null, 202)
  })

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const identity = await authorise(c, config)
    if (identity instanceof Response) return identity
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

  return app
}
