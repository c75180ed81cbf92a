import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createConnectivityMonitor, OFFLINE_AFTER_MS } from '@/lib/realtime/connectivity'

describe('connectivity monitor', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('goes offline after 10 s waiting for a reply, and back online on one', () => {
    const changes: boolean[] = []
    const monitor = createConnectivityMonitor((isOffline) => changes.push(isOffline))
    monitor.expectReply()
    vi.advanceTimersByTime(OFFLINE_AFTER_MS - 1)
    expect(monitor.isOffline()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(monitor.isOffline()).toBe(true)
    monitor.gotReply()
    expect(changes).toEqual([true, false])
  })

  it('stays online when the reply comes in time', () => {
    const onChange = vi.fn()
    const monitor = createConnectivityMonitor(onChange)
    monitor.expectReply()
    vi.advanceTimersByTime(9_000)
    monitor.gotReply()
    vi.advanceTimersByTime(60_000)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('counts an answered request as a reply, and a failed fetch (status 0) as none', async () => {
    const monitor = createConnectivityMonitor(() => undefined)
    await monitor.track(Promise.resolve({ status: 0 }))
    vi.advanceTimersByTime(OFFLINE_AFTER_MS)
    expect(monitor.isOffline()).toBe(true)
    await monitor.track(Promise.resolve({ status: 500 }))
    expect(monitor.isOffline()).toBe(false)
  })

  it('measures from the first unanswered request, not the latest', () => {
    const monitor = createConnectivityMonitor(() => undefined)
    monitor.expectReply()
    vi.advanceTimersByTime(6_000)
    monitor.expectReply()
    vi.advanceTimersByTime(4_000)
    expect(monitor.isOffline()).toBe(true)
  })
})
