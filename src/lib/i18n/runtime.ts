/**
 * The active language, through Lingui's runtime (@lingui/core). Catalogs are compiled at
 * build time (`npm run i18n`, with @lingui/message-utils: src/locales/compiled/<locale>.ts),
 * so the browser never parses ICU: it loads one locale's compiled messages and Lingui
 * formats them (plurals by Intl.PluralRules: Welsh's six forms, Arabic's six, …).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'

export type { Messages }
export type Values = Record<string, string | number>

export type Catalog = { readonly locale: string; readonly messages: Messages }

let active: Catalog = { locale: '', messages: {} }
const listeners = new Set<() => void>()
const instances = new WeakMap<Catalog, I18n>()

/** Lingui's i18n object for one catalog (made once per catalog). */
function i18nOf(catalog: Catalog): I18n {
  let i18n = instances.get(catalog)
  if (!i18n) {
    i18n = setupI18n({
      locale: catalog.locale || 'en',
      messages: { [catalog.locale || 'en']: catalog.messages },
    })
    instances.set(catalog, i18n)
  }
  return i18n
}

/** Makes `locale` the active language with its compiled messages, and tells subscribers. */
export function activate(locale: string, messages: Messages): void {
  active = { locale, messages }
  for (const listener of listeners) listener()
}

/** The active locale ('' until one is activated). */
export const currentLocale = (): string => active.locale

/** The active language and its messages (a new object whenever it changes). */
export const currentCatalog = (): Catalog => active

/** Calls `listener` whenever the active language changes; returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** `catalog`'s text for `id` with `values` filled in; the id itself if it has none. */
export function translateIn(catalog: Catalog, id: string, values: Values = {}): string {
  if (!Object.hasOwn(catalog.messages, id)) return id
  return i18nOf(catalog)._(id, values)
}

/** The active catalog's text for `id` (translateIn). */
export const translate = (id: string, values?: Values): string => translateIn(active, id, values)
