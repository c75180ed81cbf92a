/**
 * The functions gateway's side of its connection to the Deno process: one
 * request out over a kept-alive connection, and the answer's body back.
 */
import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'

/** Statuses whose responses have no body (as fetch reads them). */
export const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * Sends one request to the Deno process (node:http rather than fetch: fetch's
 * request and response objects and streams cost the stack's one thread about as
 * much as the function's whole database transaction) and resolves at its response headers;
 * the whole exchange, body included, is limited to timeoutMs (the gateway's UPSTREAM_TIMEOUT_MS)
 * (rejects, or ends the body, with a TimeoutError). The body goes with a
 * Content-Length of its own; Accept-Encoding is not passed on, so Deno answers
 * uncompressed, as the gateway has always passed responses on. A kept-alive
 * connection Deno closed just before being reused is retried once on a new one.
 */
export function forward(
  request: {
    agent: Agent
    port: number
    timeoutMs: number
    method: string
    path: string
    headers: Headers
    body: Buffer | null
  },
  retried = false,
): Promise<IncomingMessage> {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'accept-encoding')
      headers[name] = value
  })
  return new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = httpRequest({
      host: '127.0.0.1',
      port: request.port,
      method: request.method,
      path: request.path,
      headers,
      agent: request.agent,
    })
    const timer = setTimeout(() => {
      outgoing.destroy(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))
    }, request.timeoutMs)
    let answered = false
    outgoing.once('response', (response) => {
      answered = true
      response.once('close', () => clearTimeout(timer))
      // a body cut short ends the stream handed on; it must not be an uncaught error
      response.on('error', () => undefined)
      resolve(response)
    })
    // `on`, not `once`: a second error (after the answer began) must not go unheard
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      if (answered) return
      if (!retried && outgoing.reusedSocket && error.code === 'ECONNRESET') {
        forward(request, true).then(resolve, reject)
        return
      }
      reject(error)
    })
    outgoing.end(request.body ?? undefined)
  })
}

/** Bodies of a declared length up to this size are passed on whole, others as a stream. */
const WHOLE_BODY_BYTES = 1024 * 1024

/**
 * The function's answer body: read whole when its length is declared and small
 * (a JSON answer; cheaper for the stack's one thread than a web stream), else
 * streamed as it comes (server-sent events, large downloads).
 */
export async function answerBody(
  response: IncomingMessage,
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  const length = Number(response.headers['content-length'] ?? Number.NaN)
  if (!(length <= WHOLE_BODY_BYTES)) return Readable.toWeb(response) as ReadableStream<Uint8Array>
  const chunks: Buffer[] = []
  for await (const chunk of response) chunks.push(chunk as Buffer)
  return new Uint8Array(Buffer.concat(chunks))
}
