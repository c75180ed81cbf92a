import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from './render-page'
import { activateCatalog } from '@/lib/i18n/i18n'
import { messages as en } from '@/locales/compiled/en'
import { RETENTION_STATEMENTS } from '@/features/marketing/legal-content'

// renderPage loads the page's language; the other tests run in English.
afterEach(() => activateCatalog('en', en))

/** The visible text of prerendered HTML. */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')

describe('/privacy for a finder', () => {
  it('is a finder page in every language: its summary first, the full notice in English after it', async () => {
    const page = await renderPage('/privacy', 'pl')
    expect(page.isFinderPage).toBe(true)
    expect(page.lang).toBe('pl')
    expect(page.title).toBe('Prywatność · Homeward')
    const text = textOf(page.html)
    const summary = text.indexOf('Jeśli coś znaleziono: Twoje dane')
    expect(summary).toBeGreaterThan(-1)
    expect(text).toMatch(/Twoje dane usuwamy \d+ (dni|dzień|dnia) po tym/)
    expect(text).toContain('naciśnij „Usuń teraz moje dane” w czacie')
    expect(text).toContain('napisz na help@homeward.example')
    expect(text).toContain('Pełna informacja o prywatności poniżej jest po angielsku.')
    // The owner's parts stay English, marked as English for screen readers and translators.
    expect(text.indexOf('What we collect from finders, and why')).toBeGreaterThan(summary)
    expect(page.html).toMatch(/lang="en-GB" dir="ltr"[^>]*>[\s\S]*Who we are/)
  })

  it('in English keeps the notice’s words and says the summary in the product’s words', async () => {
    const page = await renderPage('/privacy', 'en')
    const text = textOf(page.html)
    expect(page.title).toBe('Privacy · Homeward')
    expect(text).toContain('If you found an item: your details')
    expect(text).toContain('press “Delete my details now” in the chat')
    expect(text).toContain(RETENTION_STATEMENTS.finderAfterFound)
    expect(text).not.toContain('The full privacy notice below is in English.')
  })
})

describe('the 404 page a mistyped tag link lands on', () => {
  it('is prerendered in the finder’s language', async () => {
    const page = await renderPage('/404', 'pl')
    expect(page.isFinderPage).toBe(true)
    expect(page.title).toBe('Nie znaleziono strony · Homeward')
    const text = textOf(page.html)
    expect(text).toContain('Niestety nie znaleźliśmy tej strony.')
    expect(text).toContain('Strona główna')
    expect(text).not.toContain('Sorry')
  })

  it('keeps SPEC.md’s words in English', async () => {
    const text = textOf((await renderPage('/404', 'en')).html)
    expect(text).toContain('Sorry, we could not find that page.')
    expect(text).toContain('Go Home')
  })
})

describe("the layout's names on a finder's page", () => {
  it('the menu, its button, the home link and the footer’s links are named in the page’s language', async () => {
    const { html } = await renderPage('/tag', 'pl')
    expect(html).toContain('aria-label="Otwórz menu"')
    expect(html).toContain('aria-label="Menu główne"')
    expect(html).toContain('aria-label="Informacje prawne"')
    expect(html).toContain('aria-label="Strona startowa"')
    expect(html).not.toMatch(/aria-label="(Open menu|Main menu|Legal|Home page)"/)
    // The menu's links (SPEC.md's words in English) in the page's language.
    const menu = textOf(html.slice(html.indexOf('id="menu-before-app"')))
    for (const link of ['Jak to działa', 'Konto zgubionych', 'Aktywuj przywieszkę', 'Pomoc']) {
      expect(menu).toContain(link)
    }
    expect(menu).not.toMatch(/How it works|Lost Account|Activate a tag|Help/)
  })
})
