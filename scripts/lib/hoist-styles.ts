/**
 * Emotion's prerendered component styles (`<style data-emotion="css NAME…">`, one
 * before each styled element) moved from the page's body to the end of its <head>, in
 * their order: the browser then takes all the page's CSS in before the body and styles
 * the markup as it arrives, instead of restyling the page at each `<style>` the parser
 * meets in the body (under bench:finder-page's CPU x4, /tag's first paint and the
 * finder's first key waited for those passes). Emotion's cache moves these same styles
 * to <head> before React hydrates (it finds them by `data-emotion` anywhere in the
 * document), so hydration sees the same tree as before.
 */
const COMPONENT_STYLE = /<style data-emotion="css [\w -]+">[^<]*<\/style>/g

export function hoistComponentStyles(html: string): string {
  const bodyAt = html.indexOf('<body')
  if (bodyAt === -1 || !html.includes('</head>'))
    throw new Error('the page has no <head> or <body>')
  const body = html.slice(bodyAt)
  const styles = body.match(COMPONENT_STYLE) ?? []
  const head = html.slice(0, bodyAt).replace('</head>', () => `${styles.join('')}</head>`)
  return head + body.replace(COMPONENT_STYLE, '')
}
