import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAdmission } from '../../local-supabase/functions/admission.ts'

/** Admits `count` requests for key, recording the order in which they go. */
function queueUp(admit: ReturnType<typeof createAdmission>, key: string, count: number) {
  const gone: number[] = []
  const releases = Array.from({ length: count }, (_, index) =>
    admit(key).then((release) => {
      gone.push(index)
      return release
    }),
  )
  return { gone, releases }
}

describe('gateway admission', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lets `limit` requests go at once and the rest in arrival order as places free', async () => {
    const admit = createAdmission({ limit: 2, holdMs: 1000 })
    const { gone, releases } = queueUp(admit, 'report-found', 5)
    await vi.advanceTimersByTimeAsync(0)
    expect(gone).toEqual([0, 1])
    ;(await releases[1]!)()
    await vi.advanceTimersByTimeAsync(0)
    expect(gone).toEqual([0, 1, 2])
    ;(await releases[0]!)()
    ;(await releases[2]!)()
    await vi.advanceTimersByTimeAsync(0)
    expect(gone).toEqual([0, 1, 2, 3, 4])
  })

  it('gives a place up once however often release is called', async () => {
    const admit = createAdmission({ limit: 1, holdMs: 1000 })
    const { gone, releases } = queueUp(admit, 'f', 3)
    await vi.advanceTimersByTimeAsync(0)
    const release = await releases[0]!
    release()
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(gone).toEqual([0, 1])
  })

  it('stops counting a request that has been with the function for holdMs', async () => {
    const admit = createAdmission({ limit: 1, holdMs: 250 })
    const { gone, releases } = queueUp(admit, 'dispatch', 3)
    await vi.advanceTimersByTimeAsync(249)
    expect(gone).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(gone).toEqual([0, 1])
    // the first request answering late gives up nothing more
    ;(await releases[0]!)()
    await vi.advanceTimersByTimeAsync(0)
    expect(gone).toEqual([0, 1])
    await vi.advanceTimersByTimeAsync(250)
    expect(gone).toEqual([0, 1, 2])
  })

  it('queues each function on its own', async () => {
    const admit = createAdmission({ limit: 1, holdMs: 1000 })
    const first = queueUp(admit, 'report-found', 2)
    const other = queueUp(admit, 'activate-tag', 1)
    await vi.advanceTimersByTimeAsync(0)
    expect(first.gone).toEqual([0])
    expect(other.gone).toEqual([0])
  })
})
