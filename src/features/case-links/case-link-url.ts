import { paths } from '@/lib/paths'

/** The address a third party opens: /case/<token> on this site. */
export function caseLinkUrl(token: string, origin = window.location.origin): string {
  return `${origin}${paths.caseLink}/${encodeURIComponent(token)}`
}
