import { createHash } from 'node:crypto'
import type { BrowserContext, Route } from 'playwright-core'

/**
 * The Supabase API as a finder's pages use it, answered inside the browser context
 * (every request that leaves the built site's origin), for tests of the production
 * build without a stack: tag_status, anonymous sign-in, pow-challenge, report-found.
 * `isReachable = false` makes every API request fail as with no connection.
 */
export type FakeFinderBackend = {
  isReachable: boolean
  /** The bodies report-found received, in order. */
  reports: Record<string, unknown>[]
  challenges: number
}

/** A real, easy challenge: SHA-256 of the salt followed by 7. */
function powChallenge() {
  const salt = 'abcdef?expires=9999999999'
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}7`).digest('hex'),
    maxNumber: 1000,
    salt,
    signature: 'f'.repeat(64),
  }
}

const base64Url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An anonymous finder's user and a session for it that outlasts the test. */
const FINDER = {
  id: 'f1f1f1f1-0000-4000-8000-000000000001',
  aud: 'authenticated',
  role: 'authenticated',
  email: '',
  phone: '',
  app_metadata: {},
  user_metadata: {},
  identities: [],
  created_at: '2026-01-01T09:00:00Z',
  updated_at: '2026-01-01T09:00:00Z',
  is_anonymous: true,
}

function finderSession() {
  const issuedAt = Math.floor(Date.now() / 1000)
  const claims = { sub: FINDER.id, role: 'authenticated', aud: 'authenticated', iat: issuedAt }
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ ...claims, exp: issuedAt + 86_400, is_anonymous: true })}.signature`,
    token_type: 'bearer',
    expires_in: 86_400,
    expires_at: issuedAt + 86_400,
    refresh_token: 'finderrefresh1',
    user: FINDER,
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
}

export async function fakeFinderBackend(
  context: BrowserContext,
  siteOrigin: string,
): Promise<FakeFinderBackend> {
  const backend: FakeFinderBackend = { isReachable: true, reports: [], challenges: 0 }
  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({
      status,
      headers: CORS,
      contentType: 'application/json',
      body: JSON.stringify(body),
    })

  await context.route(
    (url) => url.origin !== siteOrigin,
    async (route) => {
      const request = route.request()
      const { pathname } = new URL(request.url())
      if (!backend.isReachable) return route.abort('internetdisconnected')
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS })
      if (pathname.endsWith('/rest/v1/rpc/tag_status')) {
        return json(route, {
          status: 'activated',
          lost_note: null,
          return_instructions: null,
          own_item: null,
        })
      }
      if (pathname.endsWith('/auth/v1/signup')) return json(route, finderSession())
      if (pathname.endsWith('/auth/v1/user')) return json(route, FINDER)
      if (pathname.endsWith('/functions/v1/pow-challenge')) {
        backend.challenges += 1
        return json(route, powChallenge())
      }
      if (pathname.endsWith('/functions/v1/report-found')) {
        backend.reports.push(request.postDataJSON() as Record<string, unknown>)
        return json(route, {
          reportId: 'r1',
          chatId: 'c1',
          chatUrl: `${siteOrigin}/chat?chatId=c1#token=secret`,
        })
      }
      // Anything else the pages read (the thank-you page's receipts): nothing.
      return json(route, request.method() === 'GET' ? [] : {})
    },
  )
  // The thank-you page's Realtime socket: closed at once, as by a server that is away.
  await context.routeWebSocket(/\/realtime\//, (socket) => socket.close())
  return backend
}
