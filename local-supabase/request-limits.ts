/**
 * Limits on what a request may send, shared by REST and Auth: the body's size
 * (read no further than the limit) and the nesting depth of a JSON body
 * (checked without recursion, before anything parses it).
 */

/** Larger than anything the product sends; bigger bodies are answered 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024
/** Deeper JSON is answered 400. */
export const MAX_JSON_DEPTH = 64

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body is larger than ${limit} bytes`)
    this.name = 'BodyTooLarge'
  }
}

/** The body as text, refusing (BodyTooLarge) as soon as it passes `limit` bytes. */
export async function readLimitedText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  // A declared length within the limit is all Node's HTTP parser lets through: the
  // body is read in one go (on @hono/node-server's request without building a web
  // stream); without one (chunked), it is counted as it arrives.
  if (declaredLengthWithin(request, limit) !== null) {
    return Buffer.from(await request.arrayBuffer()).toString('utf8')
  }
  return Buffer.from(await readLimitedBytes(request, limit)).toString('utf8')
}

/** The body's bytes, counted as they arrive, refusing (BodyTooLarge) as soon as they pass `limit`. */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array> {
  declaredLengthWithin(request, limit)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The Content-Length the request declares (null without one); BodyTooLarge past `limit`. */
function declaredLengthWithin(request: Request, limit: number): number | null {
  const header = request.headers.get('content-length')
  const declared = Number(header ?? '')
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit)
  return header !== null && Number.isFinite(declared) ? declared : null
}

/** How deeply arrays and objects nest in JSON text (strings skipped); no parsing, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92 /* \ */) i++
      else if (ch === 34 /* " */) inString = false
    } else if (ch === 34) inString = true
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++
      if (depth > max) max = depth
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--
  }
  return max
}
