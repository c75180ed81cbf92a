/**
 * How a prerendered page loads the app: not from <head>, but from a small inline
 * script at the end of <body> that adds the entry module and its modulepreloads once
 * the page has painted (scripts/prerender.ts), and then switches on the page's Inter
 * @font-face rules (until then, the text shows in the fallback font). The prerendered
 * HTML is usable as it arrives (the finder's fields are uncontrolled, a form sent
 * early is replayed by React), so the first paint and the first keystroke wait for no
 * JavaScript: under bench:finder-page's throttling the app's modules, fetched and
 * compiled while the page was still parsing, held /tag's first paint and the finder's
 * first key until after hydration. The CSP allows the script by its hash
 * (scripts/lib/inline-scripts.ts).
 */

/** Marks the page's @font-face <style>, off (media="not all") until the boot script runs. */
export const DEFERRED_FONTS_ATTRIBUTE = 'data-deferred-fonts'

/** The `<script type="module">` and `<link rel="modulepreload">` tags Vite put in the HTML. */
export const APP_SCRIPT_TAGS =
  /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>|<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g

/**
 * The boot script's source, for `entry` and `preloads` (JSON). After the next frame has
 * painted (requestAnimationFrame runs before a paint, a task queued from it after) it
 * adds the modules, entry last, each in a task of its own, so a key the finder presses
 * meanwhile is not held behind them all (each request took 15–20 ms under CPU x4). The
 * fonts come on once the entry has run (or failed): switching them on restyles the whole
 * page (~80 ms under CPU x4), which right after the first paint held the finder's first
 * key. A hidden page paints no frames, so it does it all at once.
 * Plain JavaScript in a string, as the browser will run it (a function's toString()
 * would carry the TypeScript runner's helpers).
 */
function bootScript(entry: string, preloads: readonly string[]): string {
  return [
    `(function(){var entry=${JSON.stringify(entry)},preloads=${JSON.stringify(preloads)};`,
    'function fontsOn(){',
    `var fonts=document.querySelector("style[${DEFERRED_FONTS_ATTRIBUTE}]");if(fonts)fonts.media="all"}`,
    'function preload(href){var link=document.createElement("link");',
    'link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.appendChild(link)}',
    'function start(){var script=document.createElement("script");script.type="module";',
    'script.crossOrigin="";script.src=entry;script.onload=script.onerror=fontsOn;',
    'document.body.appendChild(script)}',
    'function later(task){setTimeout(task,0)}',
    'if(document.visibilityState==="hidden"){fontsOn();preloads.forEach(preload);start()}',
    'else requestAnimationFrame(function(){',
    'preloads.forEach(function(href){later(function(){preload(href)})});later(start)})})()',
  ].join('')
}

/**
 * Takes Vite's entry script and the modulepreloads out of `html` and puts the boot
 * script for them before `</body>`; `extraPreloads` (the page's own chunks) are
 * preloaded with them.
 */
export function bootAfterFirstPaint(html: string, extraPreloads: readonly string[]): string {
  let entry: string | undefined
  const preloads: string[] = []
  const rest = html.replace(APP_SCRIPT_TAGS, (_tag, script?: string, preload?: string) => {
    if (script) entry = script
    if (preload) preloads.push(preload)
    return ''
  })
  if (!entry) throw new Error('the page has no entry <script type="module">')
  const script = bootScript(entry, [...new Set([...preloads, ...extraPreloads])])
  return rest.replace('</body>', () => `<script>${script}</script></body>`)
}
