/**
 * Which language's copy of a prerendered page a request gets. The finder's pages are
 * prerendered once per locale (scripts/prerender.ts): English at dist/<page>.html,
 * the others at dist/<locale>/<page>.html. A request gets the language chosen on
 * the phone (the `locale` cookie the language menu sets), else its Accept-Language
 * (src/lib/i18n/locales.ts localeForRequest). `npm run preview`, serve-dist.ts and
 * the host rules (host-rules.ts: Netlify `_redirects` language conditions, an nginx
 * `map`) follow this, so the first paint is already in the finder's language.
 */
import {
  asksForPseudoLocale,
  LOCALES,
  localeForRequest,
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  type AnyLocale,
} from '../../src/lib/i18n/locales.ts'

/** The locales with their own copy of the finder's pages (en-XA: tests and development). */
export const PAGE_LOCALES: readonly AnyLocale[] = [
  ...LOCALES.filter((locale) => locale !== SOURCE_LOCALE),
  PSEUDO_LOCALE,
]

/** Where a page's copy in `locale` lives in dist/ (`tag.html` → `pl/tag.html`). */
export const localisedFile = (file: string, locale: AnyLocale): string =>
  locale === SOURCE_LOCALE ? file : `${locale}/${file}`

/** The pseudo-locale is honoured from the cookie only (tests set it); never from a browser. */
function requestLocale(cookie: string | undefined, acceptLanguage: string | undefined): AnyLocale {
  return asksForPseudoLocale(cookie) ? PSEUDO_LOCALE : localeForRequest(cookie, acceptLanguage)
}

/**
 * The file (relative to dist/, no leading slash) to answer with instead of `file`
 * for this request, or null to keep `file` (English, or no copy in that language).
 */
export function pageInRequestLanguage(
  file: string,
  headers: { cookie?: string; 'accept-language'?: string },
  exists: (file: string) => boolean,
): string | null {
  if (!file.endsWith('.html')) return null
  const locale = requestLocale(headers.cookie, headers['accept-language'])
  if (locale === SOURCE_LOCALE) return null
  const candidate = localisedFile(file, locale)
  return exists(candidate) ? candidate : null
}

/** Sent with every page answer that depends on the request's language (caches key on them). */
export const LANGUAGE_VARY = 'Accept-Language, Cookie'
