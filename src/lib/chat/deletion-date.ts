// The same date the finder's e-mail gives (supabase/functions/_shared/notification-templates.ts).
const DELETION_DATE = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeZone: 'Europe/London',
})

/** '3 December 2026' from an ISO time, or null when there is none. */
export function formatDeletionDate(iso: string | null | undefined): string | null {
  const time = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(time) ? null : DELETION_DATE.format(new Date(time))
}
