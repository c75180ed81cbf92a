import { Agent, createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { answerBody, forward } from '../../local-supabase/functions/upstream.ts'

const servers: Server[] = []
const agents: Agent[] = []

/**
 * A stand-in for the Deno process: `onRequest` decides per request, given how many
 * requests this connection has carried before it.
 */
async function upstream(
  onRequest: (
    request: IncomingMessage,
    earlierOnSocket: number,
    answer: (text: string) => void,
  ) => void,
): Promise<{ port: number; connections: () => number }> {
  const seen = new Map<Socket, number>()
  const server = createServer((request, response) => {
    const earlier = seen.get(request.socket) ?? 0
    seen.set(request.socket, earlier + 1)
    request.resume()
    onRequest(request, earlier, (text) => {
      response.writeHead(200, { 'Content-Length': Buffer.byteLength(text) })
      response.end(text)
    })
  })
  servers.push(server)
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return { port: (server.address() as AddressInfo).port, connections: () => seen.size }
}
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy()
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((closed) => server.close(closed))
  }
})

async function send(port: number, agent: Agent, timeoutMs = 5000): Promise<string> {
  const response = await forward({
    agent,
    port,
    timeoutMs,
    method: 'POST',
    path: '/report-found',
    headers: new Headers({ 'content-type': 'application/json' }),
    body: Buffer.from('{}'),
  })
  const body = await answerBody(response)
  if (!(body instanceof Uint8Array)) throw new Error('expected the whole body')
  return Buffer.from(body).toString('utf8')
}

function keptAlive(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  agents.push(agent)
  return agent
}

describe("the gateway's request to Deno", () => {
  it('sends a request again on a new connection when Deno dropped the kept-alive one', async () => {
    // the second request on a connection finds it closed, as when Deno's idle timeout ends it
    const deno = await upstream((request, earlier, answer) => {
      if (earlier > 0) request.socket.destroy()
      else answer(`answer on connection ${deno.connections()}`)
    })
    const agent = keptAlive()
    expect(await send(deno.port, agent)).toBe('answer on connection 1')
    expect(await send(deno.port, agent)).toBe('answer on connection 2')
  })

  it('does not send again when a new connection fails (Deno may have the request)', async () => {
    let requests = 0
    const deno = await upstream((request) => {
      requests += 1
      request.socket.destroy()
    })
    await expect(send(deno.port, keptAlive())).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(requests).toBe(1)
  })

  it('sends again only once', async () => {
    let requests = 0
    const deno = await upstream((request, earlier, answer) => {
      requests += 1
      if (earlier > 0) request.socket.destroy()
      else answer('fresh')
    })
    const agent = new Agent({ keepAlive: true, maxSockets: 2 })
    agents.push(agent)
    // two kept-alive connections wait in the pool
    expect(await Promise.all([send(deno.port, agent), send(deno.port, agent)])).toEqual([
      'fresh',
      'fresh',
    ])
    // both turn out closed: the request goes again once, not a third time
    await expect(send(deno.port, agent)).rejects.toMatchObject({ code: 'ECONNRESET' })
    expect(requests).toBe(4)
  })

  it('gives up with a TimeoutError when Deno does not answer in time', async () => {
    const deno = await upstream(() => undefined)
    await expect(send(deno.port, keptAlive(), 50)).rejects.toMatchObject({ name: 'TimeoutError' })
  })
})
