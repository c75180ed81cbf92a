import { atom, atomWithStorage, createJSONStorage } from '@/lib/jotai'
import type { FoundReport } from '@/features/found/report-submission'
import { PENDING_REPORT_KEY } from '@/features/found/pending-report-flag'
import { isTypedTagCode } from '@/lib/tag-code'
import { msgId } from '@/lib/i18n/message-id'
import { FINDER_FIELD_MAX_LENGTHS, TYPED_TAG_CODE_MAX_LENGTH } from '@/types/rules.generated'

/**
 * The finder's report on its way to the owner, kept on this device (localStorage)
 * from 'Inform the Owner' until the backend has answered: with no connection it
 * waits here, across reloads and closed tabs, and is sent when the connection
 * returns (use-pending-report-sender.ts). It holds only what the report needs, and
 * is deleted once sent or refused, or after a week.
 */
export type PendingReport = {
  /** The submission's idempotency key: every attempt uses it, so it is reported once. */
  key: string
  report: FoundReport
  /** When it was written (ms since the epoch). */
  savedAt: number
}

export { PENDING_REPORT_KEY }
export const PENDING_REPORT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** The product's words while a report waits for the connection. */
export const PENDING_OFFLINE_TEXT = msgId('found.pending.offline')

/** While the service does not answer though the browser says it is online. */
export const PENDING_UNREACHABLE_TEXT = msgId('found.pending.unreachable')

/** Once the tries are used up: nothing is lost, and the finder knows what to do. */
export const PENDING_STOPPED_TEXT = msgId('found.pending.stopped')

const FIELD_LIMITS: Record<keyof FoundReport, number> = {
  tagCode: TYPED_TAG_CODE_MAX_LENGTH,
  name: FINDER_FIELD_MAX_LENGTHS.finder_name,
  email: FINDER_FIELD_MAX_LENGTHS.finder_email,
  phone: FINDER_FIELD_MAX_LENGTHS.finder_phone,
  address: FINDER_FIELD_MAX_LENGTHS.finder_address,
  foundLocation: FINDER_FIELD_MAX_LENGTHS.found_location,
}

function isFoundReport(value: unknown): value is FoundReport {
  if (typeof value !== 'object' || value === null) return false
  const fields = value as Record<string, unknown>
  return Object.entries(FIELD_LIMITS).every(([field, limit]) => {
    const text = fields[field]
    return typeof text === 'string' && text.length <= limit
  })
}

function isPendingReport(value: unknown): value is PendingReport {
  if (typeof value !== 'object' || value === null) return false
  const { key, report, savedAt } = value as Record<string, unknown>
  return (
    typeof key === 'string' &&
    /^[A-Za-z0-9_-]{16,100}$/.test(key) &&
    typeof savedAt === 'number' &&
    isFoundReport(report) &&
    isTypedTagCode(report.tagCode)
  )
}

const isFresh = (pending: PendingReport) => Date.now() - pending.savedAt < PENDING_REPORT_MAX_AGE_MS

const storage = createJSONStorage<unknown>(() => localStorage)

/** Reads back only a well-formed, fresh report; anything else is deleted. */
function readPending(key: string): PendingReport | null {
  const value = storage.getItem(key, null)
  if (isPendingReport(value) && isFresh(value)) return value
  if (value !== null) storage.removeItem(key)
  return null
}

/** The pending report as stored right now (the atom's value may be a moment behind). */
export const readPendingReport = (): PendingReport | null => readPending(PENDING_REPORT_KEY)

/**
 * The pending report. Shared by every tab of this site: a report sent (and so
 * deleted) by one tab disappears from the others (the storage event).
 * Set it to RESET (from @/lib/jotai) to delete it.
 */
export const pendingReportAtom = atomWithStorage<PendingReport | null>(
  PENDING_REPORT_KEY,
  null,
  {
    getItem: (key) => readPending(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    subscribe: (key, callback) => {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === localStorage && event.key === key) callback(readPending(key))
      }
      window.addEventListener('storage', onStorage)
      return () => window.removeEventListener('storage', onStorage)
    },
  },
  { getOnInit: true },
)

/**
 * A report the backend refused (or failed on) once it was reached: no longer kept on
 * the device nor sent again; its values stay in this tab so the finder can correct
 * them and send it anew (the same key while nothing changes).
 */
export type RefusedReport = { key: string; report: FoundReport; message: string }
export const refusedReportAtom = atom<RefusedReport | null>(null)
