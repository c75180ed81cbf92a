import { activate, currentLocale, type Messages } from '@/lib/i18n/runtime'
import {
  asksForPseudoLocale,
  directionOf,
  htmlLangOf,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_STORAGE_KEY,
  localeFromCookie,
  localeOfHtmlLang,
  negotiateLocale,
  PSEUDO_LOCALE,
  SOURCE_LOCALE,
  type AnyLocale,
  type Locale,
} from '@/lib/i18n/locales'

/*
 * Catalogs are compiled ahead of time by Lingui (`npm run i18n`, src/locales/compiled/),
 * so no message parser ships, and each locale is its own chunk: a phone loads only the
 * language it shows (runtime.ts reads them).
 */

type CompiledCatalog = { messages: Messages }

const LOADERS: Record<AnyLocale, () => Promise<CompiledCatalog>> = {
  en: () => import('@/locales/compiled/en'),
  cy: () => import('@/locales/compiled/cy'),
  pl: () => import('@/locales/compiled/pl'),
  ro: () => import('@/locales/compiled/ro'),
  es: () => import('@/locales/compiled/es'),
  fr: () => import('@/locales/compiled/fr'),
  de: () => import('@/locales/compiled/de'),
  it: () => import('@/locales/compiled/it'),
  pt: () => import('@/locales/compiled/pt'),
  uk: () => import('@/locales/compiled/uk'),
  ar: () => import('@/locales/compiled/ar'),
  'zh-Hans': () => import('@/locales/compiled/zh-Hans'),
  'en-XA': () => import('@/locales/compiled/en-XA'),
}

/*
 * The owner's pages' messages: a chunk of their own, so the finder's pages never load
 * them. English only this round; a language gets its own line here with its catalog
 * (src/locales/owner/<locale>/), and until then its owner's pages read English.
 */
const OWNER_LOADERS: Partial<Record<AnyLocale, () => Promise<CompiledCatalog>>> = {
  en: () => import('@/locales/compiled/owner/en'),
  'en-XA': () => import('@/locales/compiled/owner/en-XA'),
}

const ownerLocaleOf = (locale: AnyLocale): AnyLocale => (OWNER_LOADERS[locale] ? locale : 'en')

/** The owner's messages joined to the active language, once a page has needed them. */
let owner: { locale: AnyLocale; messages: Messages } | null = null
/** The active language's own (finder's) messages, without the owner's. */
let finder: Messages = {}

/** Makes `locale` the active one with its compiled messages (build time, tests). */
export function activateCatalog(locale: AnyLocale, messages: Messages) {
  finder = messages
  activate(locale, owner ? { ...owner.messages, ...messages } : messages)
}

/** Sets the owner's messages (tests: synchronously, from the compiled English module). */
export function activateOwnerMessages(locale: AnyLocale, messages: Messages) {
  owner = { locale, messages }
  activate(currentLocale(), { ...messages, ...finder })
}

/**
 * Forgets the owner's messages (the prerender, before a finder's page: the browser
 * renders those pages without them, so the HTML must too).
 */
export function dropOwnerMessages() {
  owner = null
  activate(currentLocale(), finder)
}

/** Loads the owner's messages for the active language (once) and joins them to it. */
export async function loadOwnerMessages(): Promise<void> {
  const locale = ownerLocaleOf(activeLocale())
  if (owner?.locale === locale) return
  const { messages } = await OWNER_LOADERS[locale]!()
  activateOwnerMessages(locale, messages)
}

/** Loads a locale's chunk (once) and makes it the active one. */
export async function loadLocale(locale: AnyLocale): Promise<void> {
  if (currentLocale() === locale) return
  const { messages } = await LOADERS[locale]()
  if (owner && owner.locale !== ownerLocaleOf(locale)) {
    owner = {
      locale: ownerLocaleOf(locale),
      messages: (await OWNER_LOADERS[ownerLocaleOf(locale)]!()).messages,
    }
  }
  activateCatalog(locale, messages)
}

/** The active locale, English until one is loaded. */
export function activeLocale(): AnyLocale {
  const locale = localeOfHtmlLang(currentLocale())
  return locale ?? SOURCE_LOCALE
}

/** `<html lang dir>` for a locale (the shell's page arrives as English). */
export function applyDocumentLocale(locale: AnyLocale) {
  document.documentElement.lang = htmlLangOf(locale)
  document.documentElement.dir = directionOf(locale)
}

/** The language chosen on this phone from the menu, if any (storage first, then the cookie). */
export function chosenLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY)
    if (isLocale(stored)) return stored
  } catch {
    // storage refused (private mode): the cookie may still hold the choice
  }
  return localeFromCookie(document.cookie)
}

/** Remembers the finder's choice on this phone: for the app, and for the host rules (the cookie). */
export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // storage refused: the cookie still carries the choice
  }
  const secure = location.protocol === 'https:' ? '; secure' : ''
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`
}

/**
 * The locale a page starts in: the language chosen on this phone from the menu, else
 * for a prerendered page the language its HTML was built in (the host chose it from
 * Accept-Language: `<html lang>`), else the browser's languages (the shell: chat,
 * owner pages). The pseudo-locale's cookie comes before them all.
 */
export function startingLocale(isPrerendered: boolean): AnyLocale {
  // The pseudo-locale (a test's or a developer's cookie) reaches the shell's pages too:
  // the chat renders in the browser, with no prerendered copy to carry it.
  if (asksForPseudoLocale(document.cookie)) return PSEUDO_LOCALE
  const chosen = chosenLocale()
  if (chosen) return chosen
  const fromHtml = isPrerendered ? localeOfHtmlLang(document.documentElement.lang) : null
  return fromHtml ?? negotiateLocale(navigator.languages ?? [navigator.language])
}

/** The language a prerendered page's HTML was built in. */
export const htmlLocale = (): AnyLocale | null => localeOfHtmlLang(document.documentElement.lang)
