import { afterEach, beforeEach } from 'vitest'
import { activateCatalog, activateOwnerMessages } from '@/lib/i18n/i18n'
import { messages as english } from '@/locales/compiled/en'
import { messages as ownerEnglish } from '@/locales/compiled/owner/en'
import { messages as pseudo } from '@/locales/compiled/en-XA'
import { messages as ownerPseudo } from '@/locales/compiled/owner/en-XA'

/**
 * Renders what follows in the pseudo-locale (every letter accented, ~40% longer), both
 * catalogs; call the returned function (afterEach) to go back to English.
 */
export function usePseudoLocale(): () => void {
  activateCatalog('en-XA', pseudo)
  activateOwnerMessages('en-XA', ownerPseudo)
  return () => {
    activateCatalog('en', english)
    activateOwnerMessages('en', ownerEnglish)
  }
}

/** Words that are not the catalogs' to translate. */
const NAMES = ['Homeward']

/**
 * The English still on screen under the pseudo-locale: text (and aria-label, title,
 * alt, placeholder) with a plain ASCII word of three letters or more, which a catalog
 * message never has there. `allowed`: the test's own data (an item's name, an e-mail).
 */
export function englishLeftIn(root: Element, allowed: readonly string[] = []): string[] {
  const strip = (text: string) =>
    [...NAMES, ...allowed].reduce((rest, word) => rest.split(word).join(' '), text)
  const isEnglish = (text: string) => /\b[A-Za-z]{3,}\b/.test(strip(text))
  const found = new Set<string>()
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (parent?.closest('script, style, [aria-hidden="true"]')) continue
    const text = node.textContent?.trim() ?? ''
    if (isEnglish(text)) found.add(text)
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = element.getAttribute(name)
      if (value && isEnglish(value)) found.add(`${name}="${value}"`)
    }
  }
  return [...found]
}

/** Every test of the enclosing describe (or file) runs in the pseudo-locale, English after. */
export function inPseudoLocale(): void {
  let restore = () => {}
  beforeEach(() => {
    restore = usePseudoLocale()
  })
  afterEach(() => restore())
}
