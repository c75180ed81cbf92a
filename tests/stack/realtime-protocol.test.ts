/**
 * Wire-level Realtime checks the supabase-js tests do not reach: vsn 1.0.0
 * objects, binary kind-3 broadcasts with ack, heartbeat, unmatched topics,
 * leave, connect refusal, the HTTP broadcast API, and the filter grammar.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { matchesConditions, parseFilter } from '../../local-supabase/realtime/postgres-changes.ts'
import { startTestStack, type TestStack } from '../../local-supabase/testing/test-stack.ts'
import {
  createRoom,
  eventually,
  ROOM_SCHEMA,
  subscribe,
  userClient,
} from '../../local-supabase/testing/realtime-support.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack()
  await stack.context.db.exec(ROOM_SCHEMA)
})

afterAll(async () => {
  await stack?.close()
})

type Raw = { ws: WebSocket; frames: unknown[]; close(): void }

async function connect(query: string): Promise<Raw> {
  const url = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?${query}`
  const ws = new WebSocket(url)
  const frames: unknown[] = []
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(String(data)))
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  return { ws, frames, close: () => ws.close() }
}

/** Kind 3 user_broadcast_push, as realtime-js encodes it (protocols reference §3.2). */
function userBroadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  payload: unknown,
) {
  const parts = [joinRef, ref, topic, event, ''].map((s) => Buffer.from(s))
  const header = Buffer.from([3, ...parts.map((p) => p.length), 1])
  return Buffer.concat([header, ...parts, Buffer.from(JSON.stringify(payload))])
}

describe('raw protocol', () => {
  it('refuses a connection without a valid api key', async () => {
    const url = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=nope&vsn=2.0.0`
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url)
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.on('open', () => resolve(101))
    })
    expect(status).toBe(403)
  })

  it('speaks vsn 1.0.0: heartbeat, join, broadcast, unmatched topic, leave', async () => {
    const raw = await connect(`apikey=${stack.config.anonKey}&vsn=1.0.0`)
    const send = (frame: Record<string, unknown>) => raw.ws.send(JSON.stringify(frame))
    send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null })
    send({
      topic: 'realtime:lobby',
      event: 'phx_join',
      payload: { config: { broadcast: { self: true, ack: true } } },
      ref: '2',
      join_ref: '2',
    })
    send({
      topic: 'realtime:lobby',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } },
      ref: '3',
      join_ref: '2',
    })
    send({ topic: 'realtime:elsewhere', event: 'broadcast', payload: {}, ref: '4', join_ref: '9' })
    send({ topic: 'realtime:lobby', event: 'phx_leave', payload: {}, ref: '5', join_ref: '2' })
    await eventually(() => raw.frames.length >= 7, 'seven frames')
    expect(raw.frames).toEqual([
      {
        topic: 'phoenix',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
        ref: '1',
        join_ref: null,
      },
      {
        topic: 'realtime:lobby',
        event: 'phx_reply',
        payload: { status: 'ok', response: { postgres_changes: [] } },
        ref: '2',
        join_ref: '2',
      },
      {
        topic: 'realtime:lobby',
        event: 'broadcast',
        payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } },
        ref: null,
        join_ref: null,
      },
      {
        topic: 'realtime:lobby',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
        ref: '3',
        join_ref: '2',
      },
      {
        topic: 'realtime:elsewhere',
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: 'unmatched topic' } },
        ref: '4',
        join_ref: null,
      },
      {
        topic: 'realtime:lobby',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
        ref: '5',
        join_ref: '2',
      },
      { topic: 'realtime:lobby', event: 'phx_close', payload: {}, ref: '2', join_ref: '2' },
    ])
    raw.close()
  })

  it('decodes binary kind-3 broadcasts (vsn 2.0.0) and acknowledges them', async () => {
    const raw = await connect(`apikey=${stack.config.publishableKey}&vsn=2.0.0`)
    raw.ws.send(
      JSON.stringify([
        '1',
        '1',
        'realtime:bin',
        'phx_join',
        { config: { broadcast: { self: true, ack: true } } },
      ]),
    )
    await eventually(() => raw.frames.length >= 1, 'the join reply')
    raw.ws.send(userBroadcastPush('1', '2', 'realtime:bin', 'msg', { hello: 'world' }))
    await eventually(() => raw.frames.length >= 3, 'the echo and the ack')
    expect(raw.frames).toContainEqual([
      null,
      null,
      'realtime:bin',
      'broadcast',
      { type: 'broadcast', event: 'msg', payload: { hello: 'world' } },
    ])
    expect(raw.frames).toContainEqual([
      '1',
      '2',
      'realtime:bin',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    raw.close()
  })

  it('accepts POST /realtime/v1/api/broadcast and delivers to private members only when allowed', async () => {
    const member = await userClient(stack)
    const room = await createRoom(stack.context.db, [member.id])
    const got: unknown[] = []
    const channel = member.client
      .channel(`room:${room}`, { config: { private: true } })
      .on('broadcast', { event: 'http' }, (m) => got.push(m.payload))
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED')
    const post = (key: string) =>
      fetch(`${stack.apiUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: key, 'content-type': 'application/json' },
        body: JSON.stringify({
          messages: [
            {
              topic: `room:${room}`,
              event: 'http',
              payload: { from: key.slice(0, 9) },
              private: true,
            },
          ],
        }),
      })
    const anon = await post(stack.config.publishableKey)
    expect(anon.status).toBe(202)
    const service = await post(stack.config.secretKey)
    expect(service.status).toBe(202)
    await eventually(() => got.length > 0, 'the service-role message')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(got).toEqual([{ from: 'sb_secret' }])
    await member.client.removeAllChannels()
  })
})

describe('postgres_changes filters', () => {
  it('parses eq, neq, lt, lte, gt, gte, in and AND-ed conditions', () => {
    expect(parseFilter('')).toEqual([])
    expect(parseFilter('id=gt.0,id=lt.100')).toEqual([
      { column: 'id', op: 'gt', value: '0' },
      { column: 'id', op: 'lt', value: '100' },
    ])
    expect(parseFilter('status=in.(LOST,FOUND)')).toEqual([
      { column: 'status', op: 'in', value: ['LOST', 'FOUND'] },
    ])
    expect(() => parseFilter('id=like.x')).toThrow('Error parsing `filter` params')
    expect(() => parseFilter('nonsense')).toThrow('Error parsing `filter` params')
  })

  it('matches rows as Postgres would compare them', () => {
    const row = { id: 7, status: 'LOST', name: 'keys' }
    expect(matchesConditions(row, parseFilter('id=eq.7'))).toBe(true)
    expect(matchesConditions(row, parseFilter('id=neq.7'))).toBe(false)
    expect(matchesConditions(row, parseFilter('id=gte.7,id=lte.7'))).toBe(true)
    expect(matchesConditions(row, parseFilter('id=gt.10'))).toBe(false)
    expect(matchesConditions(row, parseFilter('id=lt.10'))).toBe(true)
    expect(matchesConditions(row, parseFilter('status=in.(FOUND,LOST)'))).toBe(true)
    expect(matchesConditions(row, parseFilter('name=eq.wallet'))).toBe(false)
  })
})
