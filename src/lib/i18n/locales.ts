import { FINDER_LANGUAGES } from '../../types/rules.generated.ts'

/**
 * The languages a finder can read Homeward in (docs/languages.md). English is the
 * source: its catalog holds SPEC.md's words exactly. `en-XA` is a pseudo-locale
 * (accented, ~40% longer) for tests and development only: never offered in the menu
 * and never chosen from a browser's languages. The list is the server's
 * (app_private.data_rules().finder_languages): a report stores one of them and the
 * finder's e-mails are written in it. Relative imports: build scripts import this file under Node.
 */
export const LOCALES = FINDER_LANGUAGES

export const PSEUDO_LOCALE = 'en-XA'
export const SOURCE_LOCALE = 'en'

export type Locale = (typeof LOCALES)[number]
export type AnyLocale = Locale | typeof PSEUDO_LOCALE

/** Each language's own name for itself: what the language menu shows. */
export const NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  cy: 'Cymraeg',
  pl: 'Polski',
  ro: 'Română',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  uk: 'Українська',
  ar: 'العربية',
  'zh-Hans': '简体中文',
}

/** Where the finder's choice is remembered on the phone (the cookie lets host rules see it). */
export const LOCALE_STORAGE_KEY = 'homeward.locale'
export const LOCALE_COOKIE = 'locale'

const RTL = new Set<string>(['ar'])

export const directionOf = (locale: AnyLocale): 'rtl' | 'ltr' => (RTL.has(locale) ? 'rtl' : 'ltr')

/** The `<html lang>` value: English pages stay `en-GB` (a UK service). */
export const htmlLangOf = (locale: AnyLocale): string => (locale === 'en' ? 'en-GB' : locale)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function isAnyLocale(value: unknown): value is AnyLocale {
  return value === PSEUDO_LOCALE || isLocale(value)
}

/** The locale named by an `<html lang>` value (`en-GB` → en), or null. */
export function localeOfHtmlLang(lang: string): AnyLocale | null {
  if (isAnyLocale(lang)) return lang
  return matchTag(lang)
}

/**
 * The supported locale for one BCP 47 tag, or null: an exact match first, then the
 * language alone (pt-BR → pt, en-US → en); Chinese in simplified script (zh, zh-CN,
 * zh-SG, zh-Hans-*) → zh-Hans, traditional (zh-TW, zh-HK, zh-Hant) → none.
 */
export function matchTag(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/)
  const [language, ...rest] = parts
  if (!language || !/^[a-z]{2,3}$/.test(language)) return null
  if (language === 'zh') {
    if (rest.includes('hant') || rest.some((part) => ['tw', 'hk', 'mo'].includes(part))) {
      return null
    }
    return 'zh-Hans'
  }
  return isLocale(language) ? language : null
}

/**
 * The best locale for a list of preferred tags (navigator.languages, in order): the
 * first tag we support; English when none is.
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const locale = matchTag(tag)
    if (locale) return locale
  }
  return SOURCE_LOCALE
}

/** An `Accept-Language` header's tags, best first (by q, then by order); q=0 left out. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      const q = qParam ? Number(qParam.slice(2)) : 1
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index }
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag)
}

/** The `locale` cookie's value in a Cookie header (or document.cookie), if supported. */
/** Whether the `locale` cookie asks for the pseudo-locale: tests and development set it; no browser does. */
export function asksForPseudoLocale(cookie: string | null | undefined): boolean {
  return (cookie ?? '')
    .split(';')
    .some((pair) => pair.trim() === `${LOCALE_COOKIE}=${PSEUDO_LOCALE}`)
}

export function localeFromCookie(cookie: string | null | undefined): Locale | null {
  if (!cookie) return null
  for (const pair of cookie.split(';')) {
    const [name, value] = pair.trim().split('=')
    if (name === LOCALE_COOKIE && isLocale(value)) return value
  }
  return null
}

/**
 * The page a request gets: a language chosen on this phone (the cookie) first, then
 * the browser's Accept-Language. The host rules (scripts/lib/host-rules.ts) and
 * `npm run preview` (scripts/lib/serve-dist.ts) follow this.
 */
export function localeForRequest(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return localeFromCookie(cookie) ?? negotiateLocale(parseAcceptLanguage(acceptLanguage))
}
