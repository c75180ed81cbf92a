/**
 * What a page the browser renders itself (owner pages, the chat: dist/shell.html, and
 * every page on the dev server) shows before its JavaScript has run: a header and
 * "Loading Homeward…" rather than a blank white page (e.g. for seconds after Logout
 * reloads an owner page). src/main.tsx replaces it with the app. Plain HTML and inline
 * styles (the CSP allows inline styles, not scripts); the prerendered pages never carry it.
 */
export const SHELL_START = '<!--shell-->'
export const SHELL_END = '<!--/shell-->'

export const LOADING_TEXT = 'Loading Homeward…'

export const SHELL_SKELETON =
  `${SHELL_START}<div style="position:fixed;inset:0;background:#fff;display:flex;flex-direction:column;font-family:Inter,'Inter fallback',system-ui,sans-serif;color:#1a202c">` +
  `<div style="border-bottom:1px solid #e4e4e7;padding:0.75rem 1rem;font-weight:600;font-size:1.125rem;color:#1a6f80">Homeward</div>` +
  `<p role="status" style="margin:4rem auto;font-size:1rem;color:#52525b">${LOADING_TEXT}</p>` +
  `</div>${SHELL_END}`

const EMPTY_ROOT = '<div id="root"></div>'
const ROOT_WITH_SKELETON = /<div id="root"><!--shell-->[\s\S]*?<!--\/shell--><\/div>/

/** The page template with the skeleton in its empty #root. */
export function withShellSkeleton(html: string): string {
  if (!html.includes(EMPTY_ROOT)) return html
  return html.replace(EMPTY_ROOT, () => `<div id="root">${SHELL_SKELETON}</div>`)
}

/** The template as Vite built it (an empty #root), from a shell written by withShellSkeleton. */
export function withoutShellSkeleton(html: string): string {
  return html.replace(ROOT_WITH_SKELETON, () => EMPTY_ROOT)
}
