/**
 * Reads the catalogs Lingui compiled at build time (`npm run i18n`, with
 * @lingui/message-utils' compileMessage: src/locales/compiled/<locale>.ts). A message
 * is Lingui's compiled form: text, and `[name]`, `[name, 'plural' | 'selectordinal' |
 * 'select', choices]` tokens; plurals pick their form with Intl.PluralRules (Welsh's
 * six, Arabic's six, …), `#` is the number. Lingui's own runtime (@lingui/core and
 * @lingui/react, 4.2 KB gzipped) does not fit the finder's JavaScript budget
 * (scripts/lib/budgets.ts); this reader is a few hundred bytes (docs/languages.md).
 */

export type CompiledToken = string | [name: string, type?: string, format?: unknown]
export type CompiledMessage = string | CompiledToken[]
export type Messages = Record<string, CompiledMessage>
export type Values = Record<string, string | number>

export type Catalog = { readonly locale: string; readonly messages: Messages }

let active: Catalog = { locale: '', messages: {} }
const listeners = new Set<() => void>()

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

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralForm(locale: string, type: string, count: number): string {
  const key = `${locale}:${type}`
  let rules = pluralRules.get(key)
  if (!rules) {
    rules = new Intl.PluralRules(locale, {
      type: type === 'selectordinal' ? 'ordinal' : 'cardinal',
    })
    pluralRules.set(key, rules)
  }
  return rules.select(count)
}

function format(
  tokens: CompiledMessage,
  locale: string,
  values: Values,
  count: number | null,
): string {
  if (typeof tokens === 'string') return tokens
  let text = ''
  for (const token of tokens) {
    if (typeof token === 'string') {
      text += token === '#' && count !== null ? count.toLocaleString(locale) : token
      continue
    }
    const [name, type, choices] = token
    const value = values[name]
    if (type === 'plural' || type === 'selectordinal') {
      const forms = choices as Record<string, CompiledMessage> & { offset?: number }
      const n = Number(value) - (forms.offset ?? 0)
      const form =
        forms[String(value)] ??
        forms[`=${value}`] ??
        forms[pluralForm(locale, type, n)] ??
        forms.other
      text += form === undefined ? '' : format(form, locale, values, n)
    } else if (type === 'select') {
      const forms = choices as Record<string, CompiledMessage>
      const form = forms[String(value)] ?? forms.other
      text += form === undefined ? '' : format(form, locale, values, count)
    } else if (value !== undefined) {
      text += String(value)
    }
  }
  return text
}

/** `catalog`'s text for `id` with `values` filled in; the id itself if it has none. */
export function translateIn(catalog: Catalog, id: string, values: Values = {}): string {
  const message = catalog.messages[id]
  return message === undefined ? id : format(message, catalog.locale, values, null)
}

/** The active catalog's text for `id` (translateIn). */
export const translate = (id: string, values?: Values): string => translateIn(active, id, values)
