/**
 * The dev inbox (port 54324): a Mailpit-compatible JSON API for e-mail, captured
 * text messages, a Twilio-shaped SMS endpoint (send, and the message list used to
 * look a message up), a Resend-shaped e-mail endpoint honouring Idempotency-Key,
 * a Web Push endpoint (push-api.ts), and a small HTML page listing all three.
 */
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { routeMailpitApi } from './mailpit-api.ts'
import { routePages } from './pages.ts'
import { routePushApi } from './push-api.ts'
import { routeResendApi } from './resend-api.ts'
import { createInboxStore, type InboxStore } from './store.ts'
import { routeTwilioApi } from './twilio-api.ts'

export type Inbox = { app: Hono; store: InboxStore }

/** `npm run inbox`'s port, which supabase/functions/.env names for `supabase start` (54324 is the CLI's Mailpit). */
export const STANDALONE_INBOX_PORT = 54334

export function createInbox(store: InboxStore = createInboxStore()): Inbox {
  const app = new Hono()
  app.use('*', cors())
  routeMailpitApi(app, store)
  routeTwilioApi(app, store)
  routeResendApi(app, store)
  routePushApi(app, store)
  routePages(app, store)
  return { app, store }
}
