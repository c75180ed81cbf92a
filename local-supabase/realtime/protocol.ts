/**
 * Phoenix socket frames as realtime-js speaks them (protocols reference §3.1–3.2):
 * vsn 1.0.0 = JSON objects, vsn 2.0.0 = JSON arrays plus binary user broadcasts
 * (kind 3 from the client, kind 4 to the client).
 */
import { isRecord } from '../is-record.ts'

export type Vsn = '1.0.0' | '2.0.0'

export type Frame = {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

export class ProtocolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProtocolError'
  }
}

const KIND_USER_BROADCAST_PUSH = 3
const JSON_ENCODING = 1
const decoder = new TextDecoder()

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '' || value === '1.0.0') return '1.0.0'
  if (value === '2.0.0') return '2.0.0'
  return null
}

function refOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return String(value)
}

/** Decodes one incoming frame; throws ProtocolError on anything malformed. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame {
  if (isBinary) return decodeBinary(data)
  let parsed: unknown
  try {
    parsed = JSON.parse(data.toString('utf8'))
  } catch {
    throw new ProtocolError('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5)
      throw new ProtocolError('expected a 5-element array')
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new ProtocolError('bad topic or event')
    return {
      joinRef: refOrNull(joinRef),
      ref: refOrNull(ref),
      topic,
      event,
      payload: isRecord(payload) ? payload : {},
    }
  }
  if (!isRecord(parsed)) throw new ProtocolError('expected an object')
  const { topic, event, payload } = parsed
  if (typeof topic !== 'string' || typeof event !== 'string')
    throw new ProtocolError('bad topic or event')
  return {
    joinRef: refOrNull(parsed.join_ref),
    ref: refOrNull(parsed.ref),
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
  }
}

/** Kind 3 `user_broadcast_push` → a `broadcast` push with `{type, event, payload}`. */
function decodeBinary(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) {
    throw new ProtocolError('unsupported binary frame')
  }
  const sizes = [data[1], data[2], data[3], data[4], data[5]].map((n) => n ?? 0)
  const encoding = data[6]
  let offset = 7
  const parts: string[] = []
  for (const size of sizes) {
    if (offset + size > data.length) throw new ProtocolError('truncated binary frame')
    parts.push(decoder.decode(data.subarray(offset, offset + size)))
    offset += size
  }
  const [joinRef = '', ref = '', topic = '', userEvent = '', metadata = ''] = parts
  const body = data.subarray(offset)
  let payload: unknown
  if (encoding === JSON_ENCODING) {
    try {
      payload = body.length === 0 ? {} : JSON.parse(decoder.decode(body))
    } catch {
      throw new ProtocolError('binary broadcast payload is not JSON')
    }
  } else {
    payload = { binary: body.toString('base64') }
  }
  let meta: unknown = undefined
  if (metadata) {
    try {
      meta = JSON.parse(metadata)
    } catch {
      throw new ProtocolError('binary broadcast metadata is not JSON')
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event: userEvent, payload, ...(isRecord(meta) ? { meta } : {}) },
  }
}

/** Encodes one outgoing frame as text for the socket's vsn. */
export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  }
  return JSON.stringify({
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
    ref: frame.ref,
    join_ref: frame.joinRef,
  })
}

/** A frame encoded lazily once per vsn, so fan-out serialises each message at most twice. */
export class SharedFrame {
  private readonly cache = new Map<Vsn, string>()
  constructor(readonly frame: Frame) {}
  encoded(vsn: Vsn): string {
    let text = this.cache.get(vsn)
    if (text === undefined) {
      text = encodeFrame(this.frame, vsn)
      this.cache.set(vsn, text)
    }
    return text
  }
}
