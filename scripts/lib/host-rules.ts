/**
 * How a static host serves dist/, written by the build from the project's one
 * list of routes (src/lib/paths.ts) and prerendered pages (prerendered-pages.ts),
 * the same rule page-fallback.ts gives `npm run preview`:
 * - a prerendered page answers its own path (`/tag` → tag.html, query kept);
 * - the app's other routes answer the unrendered shell (shell.html);
 * - anything else answers 404.html with status 404;
 * - every answer carries the security headers, the CSP naming the Supabase
 *   project the build talks to.
 * `_redirects` and `_headers` are the files Netlify and Cloudflare Pages read;
 * docs/deploy.md gives the nginx server block doing the same (tests/build checks
 * it against a real nginx).
 */
import { paths, segmentPaths } from '../../src/lib/paths.ts'
import { fileForPage, NOT_FOUND_PATH, PRERENDERED_PAGES } from './prerendered-pages.ts'
import { localisedFile, PAGE_LOCALES } from './page-language.ts'
import { LOCALES, SOURCE_LOCALE } from '../../src/lib/i18n/locales.ts'

export const SHELL_FILE = 'shell.html'
export const NOT_FOUND_FILE = fileForPage(NOT_FOUND_PATH)

/** Prerendered pages other than `/` (which every host serves from index.html) and the 404 page. */
export function prerenderedRoutes(): { path: string; file: string }[] {
  return PRERENDERED_PAGES.filter(
    (page) => page.path !== paths.root && page.path !== NOT_FOUND_PATH,
  ).map((page) => ({ path: page.path, file: fileForPage(page.path) }))
}

/** The app's routes that have no prerendered page: the shell answers them. */
export function shellRoutes(): string[] {
  const prerendered = new Set(PRERENDERED_PAGES.map((page) => page.path))
  return Object.values(paths).filter((path) => !prerendered.has(path))
}

/** The app's routes with one segment after them (/case/<token>): the shell answers them too. */
export function shellSegmentRoutes(): string[] {
  return Object.values(segmentPaths)
}

/** The file the build writes for nginx: the security headers as `add_header` lines. */
export const NGINX_HEADERS_FILE = 'security-headers.nginx.conf'

/**
 * The headers every answer carries. The CSP allows the Supabase API at supabaseUrl
 * (https and wss) and, besides the site's own script files, exactly the inline
 * scripts whose hashes are given (inlineScriptHashes of the built pages).
 */
export function securityHeaders(
  supabaseUrl: string,
  scriptHashes: readonly string[],
): [name: string, value: string][] {
  const api = new URL(supabaseUrl)
  const socket = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // the UI library's runtime styles
    "style-src 'self' 'unsafe-inline'",
    // photos: the chat's and items' signed Storage URLs (the API), thumbnails while uploading (blob:)
    `img-src 'self' data: blob: https://i.ytimg.com ${api.origin}`,
    "font-src 'self'",
    `connect-src 'self' ${api.origin} ${socket}`,
    'frame-src https://www.youtube-nocookie.com',
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
  return [
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
    ['Content-Security-Policy', csp],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    // The site itself may ask for the position ("Share my location"); no embedded frame may.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)'],
  ]
}

/**
 * The finder's pages in each language (`{ path, file }` per locale with a copy in
 * dist/), given which built files exist: `exists('pl/tag.html')`.
 */
export function localisedRoutes(
  exists: (file: string) => boolean,
): { path: string; locale: string; file: string }[] {
  return prerenderedRoutes().flatMap(({ path, file }) =>
    LOCALES.filter((locale) => locale !== SOURCE_LOCALE)
      .map((locale) => ({ path, locale, file: localisedFile(file, locale) }))
      .filter(({ file: localised }) => exists(localised)),
  )
}

/**
 * The 404 page in each language with a copy in dist/ (a finder's mistyped tag link
 * lands there): `{ locale, file }`, given which built files exist.
 */
export function localisedNotFound(
  exists: (file: string) => boolean,
): { locale: string; file: string }[] {
  return LOCALES.filter((locale) => locale !== SOURCE_LOCALE)
    .map((locale) => ({ locale, file: localisedFile(NOT_FOUND_FILE, locale) }))
    .filter(({ file }) => exists(file))
}

/** Netlify's Language condition for a locale (it matches the primary subtag). */
const netlifyLanguage = (locale: string) => (locale === 'zh-Hans' ? 'zh' : locale)

/**
 * dist/_redirects (Netlify, Cloudflare Pages): the finder's pages in the browser's
 * language (Netlify's `Language=` condition, before the English rule), rewrites with
 * status 200, then the 404 page (in the browser's language first). `exists` says
 * which localised pages were built.
 */
export function redirectsFile(exists: (file: string) => boolean = () => false): string {
  const lines = [
    '# Written by `npm run build` (scripts/lib/host-rules.ts) from src/lib/paths.ts.',
    "# The finder's pages in the browser's language (docs/languages.md)",
    ...localisedRoutes(exists).map(
      ({ path, locale, file }) => `${path}  /${file}  200  Language=${netlifyLanguage(locale)}`,
    ),
    '# Prerendered pages',
    ...prerenderedRoutes().map(({ path, file }) => `${path}  /${file}  200`),
    '# App routes without a prerendered page: the shell',
    ...shellRoutes().map((path) => `${path}  /${SHELL_FILE}  200`),
    ...shellSegmentRoutes().map((path) => `${path}/*  /${SHELL_FILE}  200`),
    "# Anything else: the 404 page, in the browser's language first",
    ...localisedNotFound(exists).map(
      ({ locale, file }) => `/*  /${file}  404  Language=${netlifyLanguage(locale)}`,
    ),
    `/*  /${NOT_FOUND_FILE}  404`,
  ]
  return `${lines.join('\n')}\n`
}

/** dist/_headers (Netlify, Cloudflare Pages). */
export function headersFile(supabaseUrl: string, scriptHashes: readonly string[]): string {
  const block = (path: string, headers: [string, string][]) =>
    [path, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  return `${[
    '# Written by `npm run build` (scripts/lib/host-rules.ts).',
    block('/*', securityHeaders(supabaseUrl, scriptHashes)),
    // hashed file names: never change under the same name
    block('/assets/*', [['Cache-Control', 'public, max-age=31536000, immutable']]),
    // the service worker must be looked at again on every visit
    block('/sw.js', [['Cache-Control', 'no-cache']]),
  ].join('\n\n')}\n`
}

/** dist/security-headers.nginx.conf, included by the server block of docs/deploy.md. */
export function nginxHeadersFile(supabaseUrl: string, scriptHashes: readonly string[]): string {
  return `${[
    '# Written by `npm run build` (scripts/lib/host-rules.ts): the same headers as dist/_headers.',
    '# Every answer, the 404 page\'s too ("always").',
    ...securityHeaders(supabaseUrl, scriptHashes).map(
      ([name, value]) => `add_header ${name} "${value}" always;`,
    ),
  ].join('\n')}\n`
}

/** The regular expression of nginx's shell location (docs/deploy.md), from shellRoutes(). */
export function nginxShellPattern(): string {
  const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return `^(${[
    ...shellRoutes().map(escape),
    ...shellSegmentRoutes().map((path) => `${escape(path)}/[^/]+`),
  ].join('|')})/?$`
}

/** dist/languages.nginx.conf: included at nginx's `http` level (docs/deploy.md). */
export const NGINX_LANGUAGES_FILE = 'languages.nginx.conf'

/** A regex (nginx's PCRE) for the start of an Accept-Language tag in simplified Chinese. */
const SIMPLIFIED_CHINESE = 'zh(?![a-z])(?!-(hant|tw|hk|mo))'

/**
 * The `map`s that choose a finder's page language for nginx: `$homeward_page_locale`
 * is `/pl` (a folder of dist/) or empty (English). The `locale` cookie (the language
 * menu's choice, English included) wins; else the first language of Accept-Language
 * we have, as the app's negotiateLocale chooses: the tags before it that we do not
 * have (`ja`, `zh-TW`, `*`) are skipped, and English first means English.
 */
export function nginxLanguagesFile(): string {
  const others = PAGE_LOCALES
  const cookie = [
    ...others.map((locale) => `  ${locale} /${locale};`),
    `  ${SOURCE_LOCALE} /${SOURCE_LOCALE};`,
  ]
  const plain = LOCALES.filter((locale) => locale !== 'zh-Hans')
  const supported = `(?:(?:${plain.join('|')})(?![a-z])|${SIMPLIFIED_CHINESE})`
  // Any number of leading tags (with their ;q=) that are not one we have.
  const skipped = `^(?:\\s*(?!${supported})[^,]*,)*\\s*`
  const accept = [
    ...plain
      .filter((locale) => locale !== SOURCE_LOCALE)
      .map((locale) => `  "~*${skipped}${locale}(?![a-z])" /${locale};`),
    `  "~*${skipped}${SIMPLIFIED_CHINESE}" /zh-Hans;`,
  ]
  return `${[
    '# Written by `npm run build` (scripts/lib/host-rules.ts): include at the http level.',
    `# The finder's pages in the phone's language: the locale cookie, else Accept-Language's first language we have.`,
    'map $cookie_locale $homeward_cookie_locale {',
    '  default "";',
    ...cookie,
    '}',
    'map $http_accept_language $homeward_accept_locale {',
    '  default "";',
    ...accept,
    '}',
    'map $homeward_cookie_locale $homeward_page_locale {',
    '  "" $homeward_accept_locale;',
    `  /${SOURCE_LOCALE} "";`,
    '  default $homeward_cookie_locale;',
    '}',
  ].join('\n')}\n`
}
