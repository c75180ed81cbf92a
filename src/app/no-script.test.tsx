import { describe, expect, it } from 'vitest'
import { renderPage } from './render-page'

/** The text of the prerendered page's <noscript> blocks (what a browser without JavaScript shows). */
function noScriptText(html: string): string {
  const blocks = [...html.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].map((match) => match[1])
  return blocks
    .join(' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
}

describe('the finder’s pages without JavaScript', () => {
  it.each(['/tag', '/found/reunite'])(
    '%s says the form needs JavaScript and gives a way that works without it',
    async (path) => {
      const { html } = await renderPage(path)
      const text = noScriptText(html)
      expect(text).toContain('This page needs JavaScript to tell the owner')
      expect(text).toContain('Turn JavaScript on')
      expect(html).toMatch(/<noscript>[\s\S]*href="mailto:help@homeward\.example[^"]*"/)
    },
  )
})

describe('the finder’s pages without JavaScript, in the finder’s language', () => {
  it.each(['/tag', '/found/reunite'])('%s in Polish says it in Polish', async (path) => {
    const { html, lang } = await renderPage(path, 'pl')
    const text = noScriptText(html)
    expect(lang).toBe('pl')
    expect(text).toContain('Ta strona potrzebuje JavaScriptu, aby powiadomić właściciela')
    expect(text).toContain('Napisz na help@homeward.example')
    expect(text).not.toContain('needs JavaScript')
  })
})
