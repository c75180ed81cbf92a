import assert from 'node:assert/strict'
import { FINDER_LANGUAGES } from '../rules.generated.ts'
import { FINDER_EMAILS } from './catalogs.ts'
import { en } from './en.ts'
import type { FinderEmailMessages, PluralMessage } from './messages.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const isPlural = (value: unknown): value is PluralMessage =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const SETTINGS = new Set(['htmlLang', 'dir', 'needsNativeCheck', 'monthNames'])

Deno.test('there is a catalog for every language a finder may write in, and no other', () => {
  assert.deepEqual(Object.keys(FINDER_EMAILS).sort(), [...FINDER_LANGUAGES].sort())
})

for (const [language, catalog] of Object.entries(FINDER_EMAILS) as [
  string,
  FinderEmailMessages,
][]) {
  Deno.test(`${language}: every message of English, no other, with the same placeholders`, () => {
    const keys = (messages: FinderEmailMessages) =>
      Object.keys(messages)
        .filter((key) => !SETTINGS.has(key))
        .sort()
    assert.deepEqual(keys(catalog), keys(en))
    for (const key of keys(en) as (keyof FinderEmailMessages)[]) {
      const english = en[key]
      const translated = catalog[key]
      if (isPlural(english)) {
        assert.ok(isPlural(translated), `${language}.${key} is a plural message`)
        for (const form of Object.values(translated)) {
          // {count} or nothing ('يوم واحد': one day, in words)
          assert.ok(
            placeholders(form ?? '').every((name) => name === 'count'),
            `${language}.${key}`,
          )
        }
        continue
      }
      assert.equal(typeof translated, 'string', `${language}.${key}`)
      assert.deepEqual(
        placeholders(translated as string),
        placeholders(english as string),
        `${language}.${key}`,
      )
      assert.ok(
        key === 'itemFallback' || (translated as string).trim() !== '',
        `${language}.${key} is empty`,
      )
    }
  })

  Deno.test(`${language}: each plural form its language needs`, () => {
    const needed = new Intl.PluralRules(catalog.htmlLang).resolvedOptions().pluralCategories
    for (const form of needed) assert.ok(catalog.days[form], `${language}: days.${form}`)
  })

  Deno.test(`${language}: marked for a native speaker's check unless it is English`, () => {
    assert.equal(catalog.needsNativeCheck, language !== 'en')
    assert.equal(catalog.htmlLang, language)
    assert.equal(catalog.dir, language === 'ar' ? 'rtl' : 'ltr')
    assert.ok(!catalog.monthNames || catalog.monthNames.length === 12)
  })
}
