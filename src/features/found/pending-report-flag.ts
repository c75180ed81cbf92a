import { atom } from '@/lib/jotai'

/**
 * The little the layout needs to know about a report saved on this device, kept
 * apart from pending-report.ts so every page's first JavaScript stays small: where it
 * is stored, whether this tab has saved one since it opened, and where it stands.
 */
export const PENDING_REPORT_KEY = 'homeward.pendingReport'

/** True once 'Inform the Owner' saved a report in this tab: its sender is needed. */
export const isSenderNeededAtom = atom(false)

/**
 * Where the pending report stands: being sent, waiting for the connection, or just
 * sent (the finder is then taken to the thank-you page, and it goes back to 'sending').
 */
export const pendingStatusAtom = atom<'sending' | 'offline' | 'sent'>('sending')

/**
 * True while the finder's report form is on the page (/found/reunite, or /tag opened
 * from a tag's link): it shows where the report stands itself, so the layout's notice
 * says nothing.
 */
export const isReportFormShownAtom = atom(false)
