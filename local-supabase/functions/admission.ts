/**
 * How many of one function's requests the gateway hands to Deno at once.
 *
 * Handed over all at once, a burst is served in lockstep: the stack's thread
 * forwards every request, Deno runs every handler up to its first database
 * call, and only then does the first answer start on its way, so every caller
 * waits about as long as the whole burst. A few at a time keep the pipeline
 * (gateway, function, database) flowing instead: answers leave one after
 * another in arrival order, and the total work is the same. Hosted Supabase
 * runs each function on a pool of workers; the answers are the same, only
 * their timing differs.
 *
 * A request that has been with Deno for holdMs stops counting, so slow calls
 * (a provider's 10 s timeout, a function waiting on another) never hold the
 * queue for longer than that. Requests wait in arrival order, per function.
 */
export type AdmissionOptions = {
  /** Requests of one function with Deno at once (default 4). */
  limit?: number
  /** After this long with Deno a request no longer holds its place (default 250 ms). */
  holdMs?: number
}

type Lane = { holding: number; waiting: Array<() => void> }

/**
 * admit(key) resolves once the request may go to Deno; the function it
 * resolves with gives the place up (call it when the answer has begun;
 * calling it again does nothing).
 */
export function createAdmission(
  options: AdmissionOptions = {},
): (key: string) => Promise<() => void> {
  const limit = Math.max(1, options.limit ?? 4)
  const holdMs = options.holdMs ?? 250
  const lanes = new Map<string, Lane>()

  function giveUp(key: string, lane: Lane) {
    const next = lane.waiting.shift()
    if (next) return next() // the place passes straight to the next in line
    lane.holding -= 1
    if (lane.holding === 0) lanes.delete(key)
  }

  return async (key) => {
    let lane = lanes.get(key)
    if (!lane) lanes.set(key, (lane = { holding: 0, waiting: [] }))
    if (lane.holding < limit) lane.holding += 1
    else await new Promise<void>((go) => lane.waiting.push(go))
    let held = true
    const release = () => {
      if (!held) return
      held = false
      clearTimeout(timer)
      giveUp(key, lane)
    }
    const timer = setTimeout(release, holdMs)
    timer.unref?.()
    return release
  }
}
