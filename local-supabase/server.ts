/**
 * The API gateway on one origin (port 54321), as the CLI's Kong routes it:
 * /auth/v1, /rest/v1, /realtime/v1, /storage/v1, /functions/v1.
 */
import { Hono } from 'hono'
import { createAuthApp } from './auth/app.ts'
import type { StackContext } from './context.ts'
import { gatewayCors } from './cors.ts'
import type { EmailInput } from './inbox/store.ts'
import { createRestApp } from './rest/app.ts'

export type ApiAppDeps = StackContext & {
  apiUrl: string
  sendEmail: (email: EmailInput) => void
  realtime: Hono
  /** null when [storage] is switched off (then /storage/v1 is no route, as without the service). */
  storage: Hono | null
  functions: Hono
}

export const AUTH_EXPOSED_HEADERS = ['X-Total-Count', 'Link', 'X-Supabase-Api-Version']
export const STORAGE_EXPOSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Range',
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'Expires',
]
export const REST_EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
]

export function buildApiApp(deps: ApiAppDeps): Hono {
  const app = new Hono()
  app.use('*', async (c, next) => {
    const started = performance.now()
    await next()
    if (!deps.log.isLevelEnabled('debug')) return
    deps.log.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })
  app.use('/auth/v1/*', gatewayCors(AUTH_EXPOSED_HEADERS))
  app.use('/rest/v1/*', gatewayCors(REST_EXPOSED_HEADERS))
  app.route('/auth/v1', createAuthApp(deps))
  app.route('/rest/v1', createRestApp(deps))
  app.route('/realtime/v1', deps.realtime)
  if (deps.storage) {
    app.use('/storage/v1/*', gatewayCors(STORAGE_EXPOSED_HEADERS))
    app.route('/storage/v1', deps.storage)
  }
  // Functions answer their own preflights (their CORS comes from their configuration).
  // The gateway takes the request as it came (it strips /functions/v1 itself): a
  // mounted app would get a copy of the request, built again with its body as a stream.
  app.all('/functions/v1/*', (c) => deps.functions.fetch(c.req.raw, c.env))
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((error, c) => {
    deps.log.error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json({ message: 'An invalid response was received from the upstream server' }, 502)
  })
  return app
}
