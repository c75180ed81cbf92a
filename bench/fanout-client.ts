/**
 * bench:fanout's finders, in a process of their own (as the finders' browsers
 * are): the local stack serves every API and the functions gateway on one
 * Node thread, and the load generator's own HTTP work must not be counted as
 * the stack's. Reads one JSON line per round from stdin, an array of
 * { id, url, headers, body }, sends them all at once, and writes one JSON
 * line per answer: { id, startedAt, answeredAt, status, body }, times in
 * epoch milliseconds (performance.timeOrigin + performance.now(), comparable
 * with the parent's).
 */
import { createInterface } from 'node:readline'

type Job = { id: string; url: string; headers: Record<string, string>; body: string }

const now = () => performance.timeOrigin + performance.now()

async function send(job: Job): Promise<void> {
  const startedAt = now()
  let status = 0
  let body = ''
  try {
    const response = await fetch(job.url, { method: 'POST', headers: job.headers, body: job.body })
    status = response.status
    body = await response.text()
  } catch (error) {
    body = error instanceof Error ? error.message : String(error)
  }
  const answeredAt = now()
  process.stdout.write(`${JSON.stringify({ id: job.id, startedAt, answeredAt, status, body })}\n`)
}

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue
  const jobs = JSON.parse(line) as Job[]
  await Promise.all(jobs.map(send))
}
