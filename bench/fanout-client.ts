/**
 * bench:fanout's finders, in a process of their own (as the finders' browsers
 * are): the local stack serves every API and the functions gateway on one
 * Node thread, and the load generator's own HTTP work must not be counted as
 * the stack's. Reads one JSON line per round from stdin, an array of
 * { id, url, headers, body }, sends them all at once, and once every answer
 * of the round is in writes one JSON line per answer: { id, startedAt,
 * answeredAt, status, body }, times in epoch milliseconds
 * (performance.timeOrigin + performance.now(), comparable with the parent's).
 * The parent is the stack's own process: reading answers while the round is
 * still running would put the bench's bookkeeping on the thread it measures.
 *
 * Each finder has a connection of its own, as each phone would, and speaks
 * HTTP/1.1 over it directly: the finders share the machine's two cores with
 * the stack, and fetch() cost them ~2 ms of CPU per request, time the
 * stack's threads then waited for. The request is written in one piece and
 * the answer read whole (Content-Length or chunked).
 */
import { connect } from 'node:net'
import { createInterface } from 'node:readline'

type Job = { id: string; url: string; headers: Record<string, string>; body: string }
type Answer = { status: number; body: string }

const now = () => performance.timeOrigin + performance.now()

function requestBytes(url: URL, job: Job): Buffer {
  const body = Buffer.from(job.body)
  const headers = {
    ...job.headers,
    Host: url.host,
    'Content-Length': String(body.length),
    Connection: 'close',
  }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  return Buffer.concat([
    Buffer.from(`POST ${url.pathname}${url.search} HTTP/1.1\r\n${head}\r\n`),
    body,
  ])
}

/** A chunked body's data, joined. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at)
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16)
    if (!(size > 0)) return Buffer.concat(parts)
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

/** The answer in a whole HTTP/1.1 response. */
function parseResponse(raw: Buffer): Answer {
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) throw new Error('incomplete response')
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n')
  const status = Number(statusLine.split(' ')[1])
  const chunked = lines.some((line) => /^transfer-encoding:\s*chunked/i.test(line))
  const rest = raw.subarray(headEnd + 4)
  return { status, body: (chunked ? unchunk(rest) : rest).toString('utf8') }
}

function post(job: Job): Promise<Answer> {
  const url = new URL(job.url)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.write(requestBytes(url, job)),
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)))
      } catch (error) {
        reject(error)
      }
    })
  })
}

async function send(job: Job): Promise<string> {
  const startedAt = now()
  let status = 0
  let body = ''
  try {
    ;({ status, body } = await post(job))
  } catch (error) {
    body = error instanceof Error ? error.message : String(error)
  }
  const answeredAt = now()
  return `${JSON.stringify({ id: job.id, startedAt, answeredAt, status, body })}\n`
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  const jobs = JSON.parse(line) as Job[]
  process.stdout.write((await Promise.all(jobs.map(send))).join(''))
}
