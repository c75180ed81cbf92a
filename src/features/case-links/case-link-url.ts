import { segmentPaths } from '@/lib/paths'

/** The address a third party opens: /case/<token> on this site. */
export function caseLinkUrl(token: string, origin = window.location.origin): string {
  return `${origin}${segmentPaths.caseLink}/${encodeURIComponent(token)}`
}
