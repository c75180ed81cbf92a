/**
 * The tag lookup of a tag's link (/tag?tagId=CODE), started by a small inline script
 * in the prerendered /tag page's <head> once the page has painted, before any of the
 * app's JavaScript has arrived: the `tag_status` answer is usually in by the time
 * React hydrates, which picks it up with `takeEarlyTagStatus`. The same script marks <html> with
 * `data-tag-link`, so the page shows the finder's report form (not the code form)
 * from its first paint (TAG_VIEW_CSS).
 *
 * An owner signed in on this browser is looked up by the app itself, with their
 * session, for the test scan; the script asks anonymously, so it leaves them out.
 */
import { normaliseCodeWith } from '@/lib/tag-code'
import { CONTROL_CHARACTERS, TAG_CODE_SEPARATORS } from '@/types/rules.generated'

/** Where the script leaves its lookup for the app. */
const GLOBAL_NAME = '__homewardTagStatus'

type EarlyLookup = { code: string; answer: Promise<unknown> }

/** The attribute on <html> and on each of /tag's two views (see TagLookup). */
export const TAG_LINK_ATTRIBUTE = 'data-tag-link'
export const TAG_VIEW_ATTRIBUTE = 'data-tag-view'

/** Until React has hydrated /tag, both views are in the page and this CSS shows one. */
export const TAG_VIEW_CSS = `html[${TAG_LINK_ATTRIBUTE}] [${TAG_VIEW_ATTRIBUTE}="code"],html:not([${TAG_LINK_ATTRIBUTE}]) [${TAG_VIEW_ATTRIBUTE}="link"]{display:none}`

/**
 * Runs in the page's <head>, as its own source text: it may use nothing from outside.
 * The code is read as every code is (lib/tag-code.ts), by that function's source
 * text with the generated rules as arguments.
 *
 * Only the mark on <html> is done at once. The lookup itself (reading the stored
 * session, starting a fetch) waits until the parsed page has painted, as the app's
 * boot script does (scripts/lib/app-boot.ts): run while the page was parsing, it held
 * the parser in <head> (bench:finder-page, CPU x4: ~90 ms of script). Its answer is wanted at
 * hydration, seconds later, so nothing waits for it.
 */
function startEarlyLookup(
  apiUrl: string,
  apiKey: string,
  globalName: string,
  attribute: string,
  normalise: typeof normaliseCodeWith,
  rules: [controlCharacters: string, separators: string],
) {
  const raw = new URLSearchParams(location.search).get('tagId')
  if (raw === null) return
  document.documentElement.setAttribute(attribute, '')
  function lookUp(code: string) {
    try {
      for (let index = 0; index < localStorage.length; index += 1) {
        const key = localStorage.key(index) ?? ''
        if (!/^sb-.+-auth-token$/.test(key)) continue
        const session = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          user?: { is_anonymous?: boolean }
        } | null
        if (session?.user && session.user.is_anonymous !== true) return
      }
    } catch {
      // Storage unreadable: ask anonymously.
    }
    const headers: Record<string, string> = { apikey: apiKey, 'Content-Type': 'application/json' }
    if (apiKey.startsWith('eyJ')) headers.Authorization = `Bearer ${apiKey}`
    const answer = fetch(`${apiUrl}/rest/v1/rpc/tag_status`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ code }),
    }).then((response) => {
      if (!response.ok) throw new Error(`tag_status answered ${response.status}`)
      return response.json() as Promise<unknown>
    })
    // Read by the app, or by nobody: never an unhandled rejection in the console.
    answer.catch(() => undefined)
    ;(window as unknown as Record<string, unknown>)[globalName] = { code, answer }
  }
  const code = normalise(raw, ...rules)
  if (code === '') return
  // Once the whole page is parsed, after the frame that paints it (a requestAnimationFrame
  // callback runs before that frame's paint, a task queued from it after). A hidden page
  // paints no frames: it looks the tag up once parsed.
  document.addEventListener('DOMContentLoaded', () => {
    if (document.visibilityState === 'hidden') lookUp(code)
    else requestAnimationFrame(() => setTimeout(() => lookUp(code), 0))
  })
}

/** The inline script for /tag's <head>, for the API at `apiUrl` with its publishable key. */
export function earlyTagStatusScript(apiUrl: string, apiKey: string): string {
  const values = [apiUrl.replace(/\/+$/, ''), apiKey, GLOBAL_NAME, TAG_LINK_ATTRIBUTE]
  const args = [
    ...values.map((value) => JSON.stringify(value)),
    `(${normaliseCodeWith.toString()})`,
    JSON.stringify([CONTROL_CHARACTERS, TAG_CODE_SEPARATORS]),
  ]
  return `(${startEarlyLookup.toString()})(${args.join(',')})`
}

/**
 * The early answer for `code`, once (a later lookup asks afresh), or null when the
 * script did not look this code up.
 */
export function takeEarlyTagStatus(code: string): Promise<unknown> | null {
  const holder = window as unknown as Record<string, EarlyLookup | undefined>
  const early = holder[GLOBAL_NAME]
  if (!early || early.code !== code) return null
  holder[GLOBAL_NAME] = undefined
  return early.answer
}
