/** The reply: PostgREST's status codes, headers and error JSON for a served request. */
import { RestError, toRestError } from './errors.ts'

export type Reply = { status: number; body: string | null; headers: Record<string, string> }

export const JSON_TYPE = 'application/json; charset=utf-8'

export type BodyRow = { n: number; body: string; first: string | null }

export function singleError(n: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${n} rows`,
  )
}

/** The JSON body of rows: the array, or with `single` its only element. */
export function rowsReply(
  status: number,
  rows: BodyRow,
  negotiated: { single: boolean; contentType: string },
  headers: Record<string, string> = {},
): Reply {
  if (negotiated.single && rows.n !== 1) throw singleError(rows.n)
  return {
    status,
    body: negotiated.single ? rows.first : rows.body,
    headers: { 'Content-Type': negotiated.contentType, ...headers },
  }
}

/** `Content-Range` for `n` rows from `first`, out of `total` (null: not counted). */
export function contentRange(first: number, n: number, total: number | null): string {
  return n > 0 ? `${first}-${first + n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`
}

export function errorResponse(
  error: unknown,
  role: string,
): { response: Response; error: RestError } {
  const restError = toRestError(error, role)
  const response = new Response(JSON.stringify(restError.body()), {
    status: restError.status,
    headers: {
      'Content-Type': JSON_TYPE,
      'Proxy-Status': `PostgREST; error=${restError.code}`,
      ...restError.headers,
    },
  })
  return { response, error: restError }
}
