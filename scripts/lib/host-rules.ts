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

/** dist/_redirects (Netlify, Cloudflare Pages): rewrites with status 200, then the 404 page. */
export function redirectsFile(): string {
  const lines = [
    '# Written by `npm run build` (scripts/lib/host-rules.ts) from src/lib/paths.ts.',
    '# Prerendered pages',
    ...prerenderedRoutes().map(({ path, file }) => `${path}  /${file}  200`),
    '# App routes without a prerendered page: the shell',
    ...shellRoutes().map((path) => `${path}  /${SHELL_FILE}  200`),
    ...shellSegmentRoutes().map((path) => `${path}/*  /${SHELL_FILE}  200`),
    '# Anything else',
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
