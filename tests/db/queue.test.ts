/**
 * The local stack's database queue (local-supabase/db/queue.ts): one job at a
 * time, request work before background work, background work not starved.
 */
import { describe, expect, it, vi } from 'vitest'
import { DbQueue, type Lane } from '../../local-supabase/db/queue.ts'
import { openPGlite } from '../../local-supabase/db/pglite-database.ts'
import { inLane } from '../../local-supabase/db/types.ts'

/** A job that records its start and finishes when released. */
function gate(log: string[], name: string) {
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  return {
    job: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
    release: () => release(),
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('DbQueue', () => {
  it('runs one job at a time, request jobs before background jobs that waited less', async () => {
    const queue = new DbQueue({ now: () => 0, maxBackgroundWaitMs: 1000, quietMs: 0 })
    const log: string[] = []
    const first = gate(log, 'r1')
    const jobs: Array<[Lane, string]> = [
      ['background', 'b1'],
      ['request', 'r2'],
      ['background', 'b2'],
      ['request', 'r3'],
    ]
    const running = [queue.run('request', first.job)]
    const gates = jobs.map(([lane, name]) => {
      const g = gate(log, name)
      running.push(queue.run(lane, g.job))
      return g
    })
    await tick()
    expect(log).toEqual(['start r1'])
    expect(queue.pending).toEqual({ request: 2, background: 2 })
    first.release()
    for (const g of gates) g.release()
    expect(await Promise.all(running)).toEqual(['r1', 'b1', 'r2', 'b2', 'r3'])
    expect(log.filter((line) => line.startsWith('start'))).toEqual([
      'start r1',
      'start r2',
      'start r3',
      'start b1',
      'start b2',
    ])
    // never two at once: every start follows the previous end
    for (let i = 1; i < log.length; i += 2) expect(log[i]!.startsWith('end')).toBe(true)
  })

  it('lets a background job that waited maxBackgroundWaitMs go before request jobs', async () => {
    let now = 0
    const queue = new DbQueue({ now: () => now, maxBackgroundWaitMs: 1000, quietMs: 0 })
    const log: string[] = []
    const first = gate(log, 'r1')
    const running = [queue.run('request', first.job)]
    const background = gate(log, 'b1')
    running.push(queue.run('background', background.job))
    now = 500
    const second = gate(log, 'r2')
    running.push(queue.run('request', second.job))
    now = 1000
    first.release()
    background.release()
    second.release()
    await Promise.all(running)
    expect(log.filter((line) => line.startsWith('start'))).toEqual([
      'start r1',
      'start b1',
      'start r2',
    ])
  })

  it('holds background work back while a request is being served, until it has waited too long', async () => {
    vi.useFakeTimers()
    try {
      const queue = new DbQueue({ maxBackgroundWaitMs: 1000, quietMs: 0, now: () => Date.now() })
      const log: string[] = []
      const ended = queue.requestStarted()
      const background = queue.run('background', async () => log.push('background'))
      await vi.advanceTimersByTimeAsync(0)
      expect(log).toEqual([])
      // the request's own statements are not held back
      await queue.run('request', async () => log.push('request'))
      expect(log).toEqual(['request'])
      await vi.advanceTimersByTimeAsync(999)
      expect(log).toEqual(['request'])
      await vi.advanceTimersByTimeAsync(1)
      await background
      expect(log).toEqual(['request', 'background'])

      const next = queue.run('background', async () => log.push('next background'))
      await vi.advanceTimersByTimeAsync(10)
      expect(log).toHaveLength(2)
      ended()
      ended() // ending twice counts once
      await next
      expect(log).toEqual(['request', 'background', 'next background'])
      const other = queue.requestStarted()
      other()
      const free = queue.run('background', async () => log.push('free'))
      await vi.advanceTimersByTimeAsync(0) // the queue moves on after pending I/O (setImmediate)
      await free
      expect(log.at(-1)).toBe('free')
    } finally {
      vi.useRealTimers()
    }
  })

  it('starts background work once no request has been served for quietMs', async () => {
    vi.useFakeTimers()
    try {
      const queue = new DbQueue({ quietMs: 25, now: () => Date.now() })
      const log: string[] = []
      const served = queue.requestStarted()
      await queue.run('request', async () => log.push('request'))
      served()
      const background = queue.run('background', async () => log.push('background'))
      await vi.advanceTimersByTimeAsync(20)
      expect(log).toEqual(['request'])
      // a request served in the gap starts the quiet period again when it ends
      const ended = queue.requestStarted()
      await vi.advanceTimersByTimeAsync(10)
      ended()
      await vi.advanceTimersByTimeAsync(24)
      expect(log).toEqual(['request'])
      await vi.advanceTimersByTimeAsync(1)
      await background
      expect(log).toEqual(['request', 'background'])
      // after a quiet period background work goes at once
      await vi.advanceTimersByTimeAsync(100)
      const later = queue.run('background', async () => log.push('later'))
      await vi.advanceTimersByTimeAsync(0)
      await later
      expect(log.at(-1)).toBe('later')
    } finally {
      vi.useRealTimers()
    }
  })

  it('passes a failing job on and goes on with the next', async () => {
    const queue = new DbQueue()
    const failing = queue.run('request', async () => {
      throw new Error('boom')
    })
    const throwing = queue.run('request', () => {
      throw new Error('sync boom')
    })
    const next = queue.run('background', async () => 'next')
    await expect(failing).rejects.toThrow('boom')
    await expect(throwing).rejects.toThrow('sync boom')
    await expect(next).resolves.toBe('next')
  })
})

describe('PGlite in lanes', () => {
  it('serves a waiting request statement before waiting background work', async () => {
    const db = await openPGlite()
    try {
      const background = inLane(db, 'background')
      expect(background).not.toBe(db)
      expect(inLane(background, 'request')).toBe(db)
      const order: string[] = []
      let release!: () => void
      let started!: () => void
      const inside = new Promise<void>((resolve) => (started = resolve))
      const held = db.transaction(async (tx) => {
        started()
        await new Promise<void>((resolve) => (release = resolve))
        await tx.query('select 1')
      })
      await inside
      const later = [
        background.query('select 1').then(() => order.push('background query')),
        background
          .transaction((tx) => tx.query('select 2'))
          .then(() => order.push('background transaction')),
        db.query('select 3').then(() => order.push('request query')),
      ]
      await tick()
      expect(db.queue.pending).toEqual({ request: 1, background: 2 })
      release()
      await Promise.all([held, ...later])
      expect(order).toEqual(['request query', 'background query', 'background transaction'])
    } finally {
      await db.close()
    }
  })
})
