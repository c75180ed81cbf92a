/**
 * When a long-running command (`npm start`, `npm run stack`) must stop: Ctrl-C, SIGTERM,
 * SIGHUP, or the command that launched it going away. `npm start` runs as
 * npm → sh → tsx → node; a SIGTERM to npm alone (a supervisor, `timeout --foreground`,
 * `kill <npm's pid>`) ends npm and sh but not tsx and node, which would keep the stack
 * and Vite on their ports with nobody left to stop them. So the process also watches its
 * launchers, its ancestors in its own process group, and stops when one of them is gone.
 */
import { readFileSync } from 'node:fs'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const WATCH_INTERVAL_MS = 500

type ProcStat = { state: string; ppid: number; pgrp: number }

/** Fields of /proc/<pid>/stat (Linux), or null when there is no such process. */
function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (2nd field) may hold spaces and parentheses; the rest follows its last ')'.
    const [state, ppid, pgrp] = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { state: state ?? '', ppid: Number(ppid), pgrp: Number(pgrp) }
  } catch {
    return null
  }
}

/** The parent, then each further ancestor in the same process group (npm start: tsx, sh, npm). */
export function launchers(pid: number = process.pid): number[] {
  const own = procStat(pid)
  if (!own || own.ppid <= 1) return []
  const chain = [own.ppid]
  for (let next = procStat(own.ppid); next && next.ppid > 1; next = procStat(next.ppid)) {
    if (next.pgrp !== own.pgrp || procStat(next.ppid)?.pgrp !== own.pgrp) break
    chain.push(next.ppid)
  }
  return chain
}

/** Gone: no such process any more, or a zombie (exited, not yet reaped). */
function isGone(pid: number): boolean {
  const stat = procStat(pid)
  return stat === null || stat.state === 'Z'
}

/**
 * Calls stop (once) with the reason on SIGINT, SIGTERM or SIGHUP, or when one of this
 * process's launchers has exited. Where /proc is missing only the signals count.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  let requested = false
  const request = (reason: string) => {
    if (requested) return
    requested = true
    clearInterval(watch)
    stop(reason)
  }
  for (const signal of SIGNALS) process.on(signal, () => request(signal))
  const watched = launchers()
  const watch = setInterval(() => {
    const gone = watched.find(isGone)
    if (gone !== undefined) request(`its launcher (process ${gone}) exited`)
  }, WATCH_INTERVAL_MS)
  watch.unref()
}
