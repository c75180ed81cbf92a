/**
 * HTML escaping as Go's html/template does it (GoTrue renders its e-mails with
 * it): & < > " ' become entities. The auth e-mail templates and the dev inbox's
 * pages both escape with it.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&#34;')
    .replaceAll("'", '&#39;')
}
