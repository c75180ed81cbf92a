import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { startingLocale } from '@/lib/i18n/i18n'
import { activate, translate } from '@/lib/i18n/runtime'
import {
  asksForPseudoLocale,
  directionOf,
  localeForRequest,
  matchTag,
  negotiateLocale,
  parseAcceptLanguage,
} from '@/lib/i18n/locales'
import { messages as cy } from '@/locales/compiled/cy'
import { messages as pl } from '@/locales/compiled/pl'
import { messages as ar } from '@/locales/compiled/ar'
import { messages as en } from '@/locales/compiled/en'
import { messages as enXA } from '@/locales/compiled/en-XA'

describe('negotiation', () => {
  it('takes the first supported language of navigator.languages', () => {
    expect(negotiateLocale(['pl-PL', 'en-GB'])).toBe('pl')
    expect(negotiateLocale(['xx', 'ja-JP', 'de-AT', 'fr'])).toBe('de')
    expect(negotiateLocale(['en-US', 'pl'])).toBe('en')
    expect(negotiateLocale(['ja', 'ko'])).toBe('en')
    expect(negotiateLocale([])).toBe('en')
  })

  it('maps regional and script variants', () => {
    expect(matchTag('pt-BR')).toBe('pt')
    expect(matchTag('cy-GB')).toBe('cy')
    expect(matchTag('ar-EG')).toBe('ar')
    expect(matchTag('uk_UA')).toBe('uk')
    expect(matchTag('zh-CN')).toBe('zh-Hans')
    expect(matchTag('zh-Hans-SG')).toBe('zh-Hans')
    expect(matchTag('zh')).toBe('zh-Hans')
    // Traditional Chinese is not Simplified Chinese: English until we have it.
    expect(matchTag('zh-TW')).toBeNull()
    expect(matchTag('zh-Hant-HK')).toBeNull()
    expect(matchTag('*')).toBeNull()
    expect(matchTag('en-XA')).toBe('en')
  })

  it('orders Accept-Language by q, keeps ties in order, drops q=0 and *', () => {
    expect(parseAcceptLanguage('en;q=0.5, pl-PL, pl;q=0.9, *;q=0.1')).toEqual(['pl-PL', 'pl', 'en'])
    expect(parseAcceptLanguage('de;q=0, fr;q=0.8')).toEqual(['fr'])
    expect(parseAcceptLanguage(undefined)).toEqual([])
    expect(negotiateLocale(parseAcceptLanguage('ja;q=1, ro;q=0.7, en;q=0.6'))).toBe('ro')
  })

  it('honours the locale cookie (the menu’s choice) before Accept-Language', () => {
    expect(localeForRequest('a=1; locale=cy; b=2', 'pl-PL,pl;q=0.9')).toBe('cy')
    expect(localeForRequest('locale=xx', 'pl-PL,pl;q=0.9')).toBe('pl')
    expect(localeForRequest(null, null)).toBe('en')
  })

  it('sets Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('pl')).toBe('ltr')
    expect(directionOf('en-XA')).toBe('ltr')
  })
})

describe('plurals (Intl.PluralRules through the compiled catalogs)', () => {
  afterAll(() => activate('en', en))
  const rule = (locale: string, messages: typeof en, days: number) => {
    activate(locale, messages)
    return translate('found.privacy.rule', { afterFound: days, afterReport: days })
  }

  it('English: the specification’s words, 1 day and 7 days', () => {
    expect(rule('en', en, 1)).toBe(
      'Your details are deleted 1 day after the owner marks the item found, or 1 day after your report if they do not.',
    )
    expect(rule('en', en, 7)).toContain('deleted 7 days after')
  })

  it('Welsh has six forms: two takes the soft mutation', () => {
    expect(rule('cy', cy, 2)).toContain('2 ddiwrnod')
    expect(rule('cy', cy, 3)).toContain('3 diwrnod')
    expect(rule('cy', cy, 0)).toContain('0 diwrnod')
  })

  it('Polish: one, few, many', () => {
    expect(rule('pl', pl, 1)).toContain('1 dzień')
    expect(rule('pl', pl, 3)).toContain('3 dni')
    expect(rule('pl', pl, 22)).toContain('22 dni')
  })

  it('Arabic: one and two in words, few and many counted', () => {
    expect(rule('ar', ar, 1)).toContain('يوم واحد')
    expect(rule('ar', ar, 2)).toContain('يومين')
    expect(rule('ar', ar, 3)).toContain('3 أيام')
    expect(rule('ar', ar, 11)).toContain('11 يومًا')
  })

  it('the pseudo-locale is accented and about 40% longer, placeholders kept', () => {
    const pseudo = rule('en-XA', enXA, 7)
    const english = rule('en', en, 7)
    expect(pseudo).toContain('7')
    expect(pseudo).toMatch(/Ýöûŕ đéŧåîĺš/)
    expect(pseudo.length).toBeGreaterThanOrEqual(english.length * 1.3)
  })
})

describe('the pseudo-locale', () => {
  afterEach(() => {
    document.cookie = 'locale=; max-age=0; path=/'
  })

  it('comes only from its cookie, which the shell (the chat) honours too', () => {
    expect(asksForPseudoLocale('a=1; locale=en-XA')).toBe(true)
    expect(asksForPseudoLocale('locale=pl')).toBe(false)
    expect(asksForPseudoLocale(undefined)).toBe(false)
    expect(startingLocale(false)).not.toBe('en-XA')
    document.cookie = 'locale=en-XA; path=/'
    expect(startingLocale(false)).toBe('en-XA')
  })
})
