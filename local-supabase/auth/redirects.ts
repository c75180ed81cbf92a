/**
 * GoTrue's redirect_to check: the site URL's origin (any port for localhost),
 * any loopback IP literal, or an additional redirect URL (`*` globs).
 */
export function isAllowedRedirect(target: string, siteUrl: string, additional: string[]): boolean {
  let url: URL
  try {
    url = new URL(target)
  } catch {
    return false
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (['127.0.0.1', '[::1]'].includes(url.hostname)) return true
  const site = new URL(siteUrl)
  if (url.protocol === site.protocol && url.hostname === site.hostname) {
    if (url.port === site.port || site.hostname === 'localhost') return true
  }
  const withoutFragment = target.split('#')[0] ?? target
  return additional.some((pattern) => globToRegExp(pattern).test(withoutFragment))
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*')
  return new RegExp(`^${escaped}$`)
}
