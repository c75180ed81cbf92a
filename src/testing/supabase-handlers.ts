import { http, HttpResponse, type JsonBodyType } from 'msw'
import type { Session, User } from '@supabase/supabase-js'
import { env } from '@/lib/env'

/**
 * msw handlers on Supabase's HTTP API (never on the client's method chain).
 * Use with `server.use(...)` from '@/testing/server', or pass them to renderApp.
 */

type Rows = Record<string, unknown>[]
type RowsFrom = Rows | ((url: URL) => Rows)
type PostgrestError = {
  code: string
  message: string
  details?: string | null
  hint?: string | null
}

const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json'

function wantsSingleObject(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes(OBJECT_MEDIA_TYPE)
}

/** `.single()` answers one object or PostgREST's 406; a list answers the array. */
function rowsResponse(request: Request, rows: Rows, status = 200) {
  if (!wantsSingleObject(request)) return HttpResponse.json(rows, { status })
  if (rows.length !== 1) {
    return HttpResponse.json(
      {
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: `The result contains ${rows.length} rows`,
        hint: null,
      },
      { status: 406 },
    )
  }
  return HttpResponse.json(rows[0], { status })
}

/** GET /rest/v1/<table>: the rows (or a function of the request URL giving them). */
export function restGet(table: string, rows: RowsFrom) {
  return http.get(`*/rest/v1/${table}`, ({ request }) => {
    const url = new URL(request.url)
    return rowsResponse(request, typeof rows === 'function' ? rows(url) : rows)
  })
}

/** POST /rest/v1/<table>: answers 201 with the inserted row(s) as returned by the database. */
export function restInsert(table: string, returned: Rows | ((body: unknown) => Rows)) {
  return http.post(`*/rest/v1/${table}`, async ({ request }) => {
    const body: unknown = await request.json()
    return rowsResponse(request, typeof returned === 'function' ? returned(body) : returned, 201)
  })
}

/** PATCH /rest/v1/<table>: answers 200 with the updated row(s). */
export function restUpdate(table: string, returned: Rows | ((body: unknown) => Rows)) {
  return http.patch(`*/rest/v1/${table}`, async ({ request }) => {
    const body: unknown = await request.json()
    return rowsResponse(request, typeof returned === 'function' ? returned(body) : returned)
  })
}

/** Any method on /rest/v1/<table> (or rpc/<name>) fails with a PostgREST error body. */
export function restError(path: string, error: PostgrestError, status = 400) {
  return http.all(`*/rest/v1/${path}`, () =>
    HttpResponse.json({ details: null, hint: null, ...error }, { status }),
  )
}

/** POST /rest/v1/rpc/<name>: the function's JSON result (a scalar, row or rows). */
export function rpc(name: string, result: JsonBodyType, status = 200) {
  return http.post(`*/rest/v1/rpc/${name}`, () => HttpResponse.json(result, { status }))
}

/** POST /functions/v1/<name>: an Edge Function answering `body` with `status`. */
export function fn(name: string, body: JsonBodyType, status = 200) {
  return http.post(`*/functions/v1/${name}`, () => HttpResponse.json(body, { status }))
}

/** An Edge Function error in our one error shape (CONVENTIONS.md). */
export function fnError(name: string, code: string, message: string, status: number) {
  return fn(name, { error: { code, message } }, status)
}

/** What the app sent to the check-photo function. */
export type CheckedPhoto = {
  bucket: string
  name: string
  contentType: string | null
  bytes: number
}

/**
 * The check-photo Edge Function: records each photo sent, answers `answer`'s
 * response, or by default stores it ({ path: name }).
 */
export function checkPhoto(
  answer: (photo: CheckedPhoto) => Response | undefined | void = () => undefined,
) {
  return http.post('*/functions/v1/check-photo', async ({ request }) => {
    const query = new URL(request.url).searchParams
    const checked: CheckedPhoto = {
      bucket: String(query.get('bucket')),
      name: String(query.get('name')),
      contentType: request.headers.get('content-type'),
      bytes: (await request.arrayBuffer()).byteLength,
    }
    return answer(checked) ?? HttpResponse.json({ path: checked.name })
  })
}

export function fakeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6d1f5a2e-3c4b-4a59-8f0e-2b7c9d1e0a11',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'olivia.owner@example.com',
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: 'Olivia Owner' },
    identities: [],
    created_at: '2026-01-01T09:00:00Z',
    updated_at: '2026-01-01T09:00:00Z',
    is_anonymous: false,
    ...overrides,
  }
}

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A session that will not expire during a test (so no refresh request is made). */
export function fakeSession(user: User = fakeUser()): Session {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + 24 * 3600
  const claims = {
    sub: user.id,
    email: user.email,
    role: 'authenticated',
    aud: 'authenticated',
    iat: issuedAt,
    exp: expiresAt,
    is_anonymous: user.is_anonymous ?? false,
    session_id: 'a2f0c3d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d',
  }
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`,
    token_type: 'bearer',
    expires_in: 24 * 3600,
    expires_at: expiresAt,
    refresh_token: 'testrefresh1',
    user,
  }
}

/** The localStorage key supabase-js keeps its session under: sb-<first host label>-auth-token. */
export const AUTH_STORAGE_KEY = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`

/** Puts a session where supabase-js looks for it, as if the user had signed in earlier. */
export function storeSession(session: Session): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session))
}

/** The auth endpoints a signed-in client may call: who am I, refresh, logout. */
export function authSession(session: Session) {
  return [
    http.get('*/auth/v1/user', () => HttpResponse.json(session.user)),
    http.post('*/auth/v1/token', () => HttpResponse.json(session)),
    http.post('*/auth/v1/logout', () => new HttpResponse(null, { status: 204 })),
  ]
}
