/**
 * CORS as the CLI's Kong gateway and the services behind it answer it: any
 * origin, preflights answered by the gateway with the requested headers
 * allowed, and each service exposing the response headers its client reads.
 */
import type { MiddlewareHandler } from 'hono'

const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS'

export function gatewayCors(exposeHeaders: string[]): MiddlewareHandler {
  const expose = exposeHeaders.join(', ')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const requested = c.req.header('access-control-request-headers')
      return new Response(null, {
        status: 200,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers':
            requested ?? 'authorization, x-client-info, apikey, content-type',
          'Access-Control-Max-Age': '3600',
          'Content-Length': '0',
        },
      })
    }
    await next()
    c.res.headers.set('Access-Control-Allow-Origin', '*')
    c.res.headers.set('Access-Control-Expose-Headers', expose)
  }
}
