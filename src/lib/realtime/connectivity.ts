/**
 * Offline detection (SPEC §4 "Connectivity"): the app counts as offline after
 * OFFLINE_AFTER_MS without a reply from the backend while it is waiting for one
 * (a request that has not answered, or a realtime socket that is down).
 * Any reply (an HTTP response of any status, a channel that subscribes) ends it.
 */
export const OFFLINE_AFTER_MS = 10_000

export type ConnectivityMonitor = {
  /** Something was asked of the backend (or the socket dropped): start waiting. */
  expectReply(): void
  /** The backend answered: stop waiting, back online. */
  gotReply(): void
  /**
   * Wraps one request. A response with HTTP status 0 means fetch itself failed
   * (supabase-js reports network errors that way), which is not a reply.
   */
  track<T extends { status: number }>(request: PromiseLike<T>): Promise<T>
  isOffline(): boolean
  dispose(): void
}

export function createConnectivityMonitor(
  onChange: (isOffline: boolean) => void,
  offlineAfterMs = OFFLINE_AFTER_MS,
): ConnectivityMonitor {
  let timer: ReturnType<typeof setTimeout> | undefined
  let offline = false

  const setOffline = (value: boolean) => {
    if (offline === value) return
    offline = value
    onChange(value)
  }

  const expectReply = () => {
    if (timer !== undefined || offline) return
    timer = setTimeout(() => {
      timer = undefined
      setOffline(true)
    }, offlineAfterMs)
  }

  const gotReply = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    setOffline(false)
  }

  return {
    expectReply,
    gotReply,
    async track(request) {
      expectReply()
      const response = await request
      if (response.status !== 0) gotReply()
      return response
    },
    isOffline: () => offline,
    dispose() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
