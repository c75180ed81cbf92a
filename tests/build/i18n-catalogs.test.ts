import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  catalogProblems,
  COMPILED_DIR,
  compiledFiles,
  LOCALES_DIR,
  MACHINE_FLAG,
  ROOT,
  slotsOf,
  type Catalog,
} from '../../scripts/lib/i18n-catalogs'
import { LOCALES, SOURCE_LOCALE } from '../../src/lib/i18n/locales'

/** CI's check of the message catalogs (also `npm run i18n -- --check`, part of `npm run lint`). */
describe('message catalogs', () => {
  it('every catalog holds exactly the source’s messages, and en.json exactly the code’s ids', () => {
    expect(catalogProblems()).toEqual([])
  })

  it('the compiled catalogs are current (npm run i18n)', () => {
    for (const [path, text] of Object.entries(compiledFiles())) {
      expect(readFileSync(join(COMPILED_DIR, path), 'utf8'), path).toBe(text)
    }
  })

  it('every message a machine wrote says so, for a native speaker to check', () => {
    for (const locale of LOCALES.filter((locale) => locale !== SOURCE_LOCALE)) {
      const catalog = JSON.parse(
        readFileSync(join(LOCALES_DIR, `${locale}.json`), 'utf8'),
      ) as Catalog
      for (const [id, entry] of Object.entries(catalog)) {
        expect(
          entry.flags?.includes(MACHINE_FLAG) || entry.comment !== undefined,
          `${locale} ${id}`,
        ).toBe(true)
      }
    }
  })

  it('reads placeholders through plural cases: a case’s own words are text, its arguments count', () => {
    expect(slotsOf('{length} / {max} {max, plural, one {character} other {characters}}')).toEqual([
      '{length}',
      '{max}',
    ])
    expect(slotsOf('{n, plural, one {# day with {who}} other {# days}} <0>link</0>')).toEqual([
      '<0>',
      '{n}',
      '{who}',
    ])
    expect(slotsOf('Znaków: {max, plural, one {znak} few {znaki} other {znaku}}')).toEqual([
      '{max}',
    ])
    expect(slotsOf('{count, select, a {x} other {y}} {missing')).toEqual(['{count}'])
  })

  describe('fails on', () => {
    let dir = ''
    afterEach(() => rmSync(dir, { recursive: true, force: true }))
    const copy = () => {
      dir = mkdtempSync(join(tmpdir(), 'homeward-i18n-'))
      cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true })
      return { srcDir: join(dir, 'src'), localesDir: join(dir, 'src', 'locales') }
    }
    const editCatalog = (
      localesDir: string,
      locale: string,
      change: (catalog: Catalog) => void,
    ) => {
      const file = join(localesDir, `${locale}.json`)
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog
      change(catalog)
      writeFileSync(file, JSON.stringify(catalog))
    }

    it('a missing message, an invented one and a lost placeholder', () => {
      const dirs = copy()
      editCatalog(dirs.localesDir, 'pl', (catalog) => {
        delete catalog['found.intro']
        catalog['found.invented'] = { message: 'Zmyślone', flags: [MACHINE_FLAG] }
        catalog['found.reportFor'] = { message: 'To zgłoszenie.', flags: [MACHINE_FLAG] }
      })
      expect(catalogProblems(dirs)).toEqual([
        'pl.json misses found.intro',
        'pl.json found.reportFor has placeholders (none), not {tag}',
        'pl.json invents found.invented, which the English source does not have',
      ])
    })

    it('stale extraction: code using an id en.json lacks, en.json keeping one no code uses', () => {
      const dirs = copy()
      writeFileSync(
        join(dirs.srcDir, 'lib', 'extra.ts'),
        "import { msgId } from '@/lib/i18n/message-id'\nexport const x = msgId('found.brandNew')\n",
      )
      editCatalog(dirs.localesDir, 'en', (catalog) => {
        catalog['found.nobodyUses'] = { message: 'Nobody uses this' }
      })
      const problems = catalogProblems(dirs)
      expect(
        problems.some((line) =>
          line.endsWith('extra.ts uses found.brandNew, which neither en.json nor owner/en has'),
        ),
      ).toBe(true)
      expect(problems).toContain(
        'en.json has found.nobodyUses, which no code uses (stale extraction)',
      )
    })

    it('the owner’s catalog: an id both catalogs have, one no code uses, a translation that misses one', () => {
      const dirs = copy()
      const ownerEn = join(dirs.localesDir, 'owner', 'en')
      writeFileSync(
        join(ownerEn, 'extra.json'),
        JSON.stringify({
          'found.intro': { message: 'Twice' },
          'pages.title.login': { message: 'Again' },
          'extra.unused': { message: 'Nobody uses this' },
        }),
      )
      mkdirSync(join(dirs.localesDir, 'owner', 'pl'))
      writeFileSync(
        join(dirs.localesDir, 'owner', 'pl', 'pages.json'),
        JSON.stringify({ 'pages.title.login': { message: 'Logowanie', flags: [MACHINE_FLAG] } }),
      )
      const problems = catalogProblems(dirs)
      expect(problems).toContain('owner/en/pages.json repeats pages.title.login')
      expect(problems).toContain('found.intro is in both en.json and owner/en: one catalog owns it')
      expect(problems).toContain('owner/en has extra.unused, which no code uses (stale extraction)')
      expect(problems).toContain('owner/pl misses pages.title.dashboard')
      expect(problems).not.toContain('owner/pl misses pages.title.login')
    })
  })
})
