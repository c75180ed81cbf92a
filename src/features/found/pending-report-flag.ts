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
 * Where the pending report stands: being sent; waiting for the connection (the
 * browser is offline, or 10 s without a reply); 'unreachable' while the browser says
 * it is online but the service did not answer (a weak connection, or our service
 * down: tried again a few times); 'stopped' once those tries are used up (sent again
 * only when the finder asks or the connection comes back); or just sent (the finder
 * is then taken to the thank-you page, and it goes back to 'sending').
 */
export type PendingStatus = 'sending' | 'offline' | 'unreachable' | 'stopped' | 'sent'
export const pendingStatusAtom = atom<PendingStatus>('sending')

/** Bumped by the finder's 'Try again' (or 'Inform the Owner' once stopped): the sender tries at once. */
export const retryRequestAtom = atom(0)

/**
 * True while the finder's report form is on the page (/found/reunite, or /tag opened
 * from a tag's link): it shows where the report stands itself, so the layout's notice
 * says nothing.
 */
export const isReportFormShownAtom = atom(false)
