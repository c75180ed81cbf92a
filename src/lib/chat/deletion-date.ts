// The same date the finder's e-mail gives (supabase/functions/_shared/notification-templates.ts).
const DELETION_DATE = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeZone: 'Europe/London',
})

/**
 * '3 December 2026' from an ISO time, or null when there is none; in `locale`'s words
 * when one is given (English, and the pseudo-locale, keep the e-mail's British date).
 */
export function formatDeletionDate(
  iso: string | null | undefined,
  locale = 'en-GB',
): string | null {
  const time = iso ? Date.parse(iso) : Number.NaN
  if (Number.isNaN(time)) return null
  const format =
    locale === 'en-GB' || locale === '' || locale.startsWith('en')
      ? DELETION_DATE
      : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/London' })
  return format.format(new Date(time))
}
