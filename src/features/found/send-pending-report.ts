import { RESET, type createStore } from '@/lib/jotai'
import { lastReportAtom } from '@/lib/last-report'
import { shareFoundLocation } from '@/lib/share-found-location'
import { foundPositionAtom } from '@/features/found/state'
import { OFFLINE_AFTER_MS } from '@/lib/realtime/connectivity'
import { ReportError, reportFound } from '@/features/found/api/report-found'
import { REPORT_MESSAGES } from '@/features/found/report-submission'
import {
  PENDING_REPORT_KEY,
  pendingReportAtom,
  readPendingReport,
  refusedReportAtom,
} from '@/features/found/pending-report'
import { pendingStatusAtom } from '@/features/found/pending-report-flag'

type Store = ReturnType<typeof createStore>

/**
 * What one attempt came to: `sent` (the owner is informed), `refused` (the backend
 * answered no: not sent again), `offline` (the browser has no connection: try when
 * it returns), `unreachable` (the browser says it is online, yet no answer came: try
 * a few more times), `gone` (no report to send any more, e.g. another tab sent it)
 * or `busy` (another tab is sending it right now).
 */
export type SendOutcome = 'sent' | 'refused' | 'offline' | 'unreachable' | 'gone' | 'busy'

/** This tab's (this store's) attempt in progress, per report key: a second caller waits for it. */
const inFlight = new WeakMap<Store, Map<string, Promise<SendOutcome>>>()

/**
 * One tab at a time (Web Locks; without them each tab may try, which the shared
 * idempotency key makes harmless). A tab that finds the lock taken does nothing.
 */
async function inOneTab(work: () => Promise<SendOutcome>): Promise<SendOutcome> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return work()
  return locks.request(PENDING_REPORT_KEY, { ifAvailable: true }, (lock) =>
    lock ? work() : 'busy',
  )
}

/**
 * The position the finder shared on the form goes with the report, once it exists.
 * Best effort: the report is sent whatever happens, and the chat offers it again.
 */
async function shareFormPosition(store: Store, chatId: string): Promise<void> {
  const position = store.get(foundPositionAtom)
  if (!position) return
  try {
    await shareFoundLocation(chatId, position)
    store.set(foundPositionAtom, null)
  } catch (error) {
    console.error('Sharing where it was found failed', error)
  }
}

const isBrowserOffline = () => navigator.onLine === false

async function deliver(store: Store, key: string): Promise<SendOutcome> {
  // Read afresh under the lock: another tab may have sent it meanwhile.
  const pending = readPendingReport()
  if (!pending || pending.key !== key) return 'gone'
  if (isBrowserOffline()) {
    store.set(pendingStatusAtom, 'offline')
    return 'offline'
  }
  store.set(pendingStatusAtom, 'sending')
  // SPEC §4: offline after 10 s without a reply. The attempt goes on; it only shows.
  const noReply = setTimeout(() => store.set(pendingStatusAtom, 'offline'), OFFLINE_AFTER_MS)
  // (Its status 'sent' takes the finder to the thank-you page: use-pending-report-sender.ts.)
  const isStillPending = () => readPendingReport()?.key === key
  try {
    const sent = await reportFound(pending.report, key)
    await shareFormPosition(store, sent.chatId)
    store.set(lastReportAtom, sent)
    store.set(pendingStatusAtom, 'sent')
    if (isStillPending()) store.set(pendingReportAtom, RESET)
    return 'sent'
  } catch (error) {
    if (error instanceof ReportError && error.isNetwork) {
      // Offline only when the browser says so: otherwise our service did not answer
      // (or the connection is too weak to tell): not called being offline.
      // (Read again: the browser may have gone offline during the attempt.)
      const outcome = isBrowserOffline() ? 'offline' : 'unreachable'
      store.set(pendingStatusAtom, outcome)
      return outcome
    }
    if (isStillPending()) store.set(pendingReportAtom, RESET)
    const message = error instanceof ReportError ? error.message : REPORT_MESSAGES.failed
    store.set(refusedReportAtom, { key, report: pending.report, message })
    return 'refused'
  } finally {
    clearTimeout(noReply)
  }
}

/**
 * Sends the pending report with key `key` once, in this tab only if no other tab is
 * sending it, with its own key (a fresh proof each time, see reportFound), and
 * records the outcome in the store: sent → deleted from the device and the chat
 * link kept for the thank-you page; refused → deleted, shown to the finder.
 */
export function sendPendingReport(store: Store, key: string): Promise<SendOutcome> {
  const attempts = inFlight.get(store) ?? new Map<string, Promise<SendOutcome>>()
  inFlight.set(store, attempts)
  const running = attempts.get(key)
  if (running) return running
  const attempt = inOneTab(() => deliver(store, key)).finally(() => attempts.delete(key))
  attempts.set(key, attempt)
  return attempt
}
