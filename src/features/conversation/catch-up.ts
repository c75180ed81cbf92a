import type { MessageRow } from '@/lib/chat/types'

export type CatchUpOptions = {
  /** Stored rows with a position above `after`, in order (throws when unreachable). */
  fetchAfter: (after: number) => Promise<MessageRow[]>
  /** Merges fetched rows into what the screen holds. */
  apply: (rows: MessageRow[]) => void
}

/**
 * The one way a chat learns of stored messages: fetch everything after the
 * position up to which it has fetched everything. Only these fetches move that
 * cursor: our own sends (stored with later positions while the other side's
 * messages may still be unseen) and broadcasts (mere notices) never do. A
 * broadcast (unless the position it names is fetched already), a reconnect, a
 * tab coming back or a failed send only asks for a catch-up; calls during a fetch fold into one more fetch after it, so nothing
 * is missed and no two fetches run at once.
 */
export function createCatchUp({
  fetchAfter,
  apply,
}: CatchUpOptions): (noticed?: number) => Promise<void> {
  let cursor = 0
  let running: Promise<void> | null = null
  let isWanted = false

  const loop = async () => {
    try {
      while (isWanted) {
        isWanted = false
        const rows = await fetchAfter(cursor)
        apply(rows)
        cursor = rows.reduce((max, row) => Math.max(max, row.position), cursor)
      }
    } finally {
      running = null
    }
  }

  // `noticed`: the position a broadcast names; nothing to fetch when it is held already.
  return (noticed) => {
    if (noticed !== undefined && noticed <= cursor && !isWanted) {
      return running ?? Promise.resolve()
    }
    isWanted = true
    running ??= loop()
    return running
  }
}
