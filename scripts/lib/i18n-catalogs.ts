/**
 * The message catalogs and what `npm run i18n` makes of them. Two sets:
 * - the finder's (src/locales/<locale>.json), in every language: each locale compiled
 *   ahead of time into src/locales/compiled/<locale>.ts (so no message parser ships);
 * - the owner's (src/locales/owner/<locale>/<area>.json), English only this round: a
 *   later language is a folder beside en/. Compiled into compiled/owner/<locale>.ts, a
 *   chunk only the owner's pages load; their ids are typed by compiled/owner-message-id.ts.
 * The pseudo-locale en-XA is generated from English for both. The checks CI runs
 * (tests/build/i18n-catalogs.test.ts): every catalog holds exactly its source's messages
 * with the same placeholders, and the sources hold exactly the ids the code uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { LOCALES, PSEUDO_LOCALE, SOURCE_LOCALE } from '../../src/lib/i18n/locales.ts'

export const ROOT = join(import.meta.dirname, '..', '..')
export const LOCALES_DIR = join(ROOT, 'src', 'locales')
export const COMPILED_DIR = join(LOCALES_DIR, 'compiled')
/** The owner's catalogs: owner/<locale>/<area>.json (one file per area of the app). */
export const OWNER_DIR = join(LOCALES_DIR, 'owner')

/** The flag on a message a machine wrote, for a native speaker to check and remove. */
export const MACHINE_FLAG = 'machine-written'

export type CatalogEntry = { message: string; flags?: string[]; comment?: string }
export type Catalog = Record<string, CatalogEntry>

export function readCatalog(locale: string, dir = LOCALES_DIR): Catalog {
  return JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Catalog
}

/** The languages the owner's pages have a catalog in (English, the source, always). */
export function ownerLocales(localesDir = LOCALES_DIR): string[] {
  const dir = join(localesDir, 'owner')
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/**
 * One language's owner catalog: its area files joined. `problems` collects an id that
 * two area files both define.
 */
export function readOwnerCatalog(
  locale: string,
  localesDir = LOCALES_DIR,
  problems: string[] = [],
): Catalog {
  const dir = join(localesDir, 'owner', locale)
  const catalog: Catalog = {}
  if (!existsSync(dir)) return catalog
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const area = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Catalog
    for (const [id, entry] of Object.entries(area)) {
      if (id in catalog) problems.push(`owner/${locale}/${file} repeats ${id}`)
      catalog[id] = entry
    }
  }
  return catalog
}

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķĺɱñöþǫŕšŧûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŦÛṼŴẊÝŽ'][index] ?? letter,
  ]),
)

/**
 * en-XA's text for a run of English words: every letter accented and ~40% more
 * characters (as short breakable words), so text that does not fit shows up in English
 * layouts' place. Placeholders and tags are left alone (compileMessage's mapText
 * sees only the literal text).
 */
export function pseudoText(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text
  const [, words = text, space = ''] = /^([\s\S]*?)(\s*)$/.exec(text) ?? []
  const accented = [...words].map((char) => ACCENTED[char] ?? char).join('')
  const extra = Math.ceil(text.length * 0.4)
  const padding = ' ẋẋẋ'.repeat(Math.ceil(extra / 4)).slice(0, extra)
  return `${accented}${padding}${space}`
}

export type CompiledCatalogs = Record<string, Record<string, unknown>>

/** Every locale's compiled messages, the pseudo-locale's included. Throws on ICU syntax errors. */
export function compileAll(): CompiledCatalogs {
  const source = readCatalog(SOURCE_LOCALE)
  const out: CompiledCatalogs = {}
  for (const locale of LOCALES) {
    const catalog = locale === SOURCE_LOCALE ? source : readCatalog(locale)
    out[locale] = compileCatalog(
      `${locale}.json`,
      Object.keys(source),
      (id) => catalog[id]?.message ?? source[id]!.message,
    )
  }
  out[PSEUDO_LOCALE] = compileCatalog(
    'en.json',
    Object.keys(source),
    (id) => source[id]!.message,
    pseudoText,
  )
  return out
}

/** One catalog compiled, with Lingui's compiler; `mapText` rewrites the literal text (pseudo). */
function compileCatalog(
  name: string,
  ids: string[],
  messageOf: (id: string) => string,
  mapText?: (text: string) => string,
): Record<string, unknown> {
  return Object.fromEntries(
    ids.map((id) => {
      try {
        return [id, compileMessageOrThrow(messageOf(id), mapText)]
      } catch (error) {
        throw new Error(`${name} ${id}: ${(error as Error).message}`, { cause: error })
      }
    }),
  )
}

/**
 * The owner's catalogs compiled: English, the pseudo-locale, and any language with an
 * owner folder (a message it lacks falls back to English).
 */
export function compileOwner(): CompiledCatalogs {
  const source = readOwnerCatalog(SOURCE_LOCALE)
  const ids = Object.keys(source)
  const out: CompiledCatalogs = {}
  for (const locale of ownerLocales()) {
    const catalog = locale === SOURCE_LOCALE ? source : readOwnerCatalog(locale)
    out[locale] = compileCatalog(
      `owner/${locale}`,
      ids,
      (id) => catalog[id]?.message ?? source[id]!.message,
    )
  }
  out[PSEUDO_LOCALE] = compileCatalog('owner/en', ids, (id) => source[id]!.message, pseudoText)
  return out
}

/** The TypeScript module a locale's chunk is built from. */
export function compiledModule(
  locale: string,
  messages: Record<string, unknown>,
  from = `src/locales/${locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale}.json`,
): string {
  return [
    `// Written by \`npm run i18n\` from ${from}: do not edit.`,
    "import type { Messages } from '@/lib/i18n/runtime'",
    '',
    `export const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))}) as Messages`,
    '',
  ].join('\n')
}

/** The module typing the owner's message ids (MessageId joins it to en.json's keys). */
function ownerIdsModule(ids: string[]): string {
  return [
    '// Written by `npm run i18n` from src/locales/owner/en/*.json: do not edit.',
    '',
    'export type OwnerMessageId =',
    ...(ids.length === 0 ? ['  never'] : [...ids].sort().map((id) => `  | '${id}'`)),
    '',
  ].join('\n')
}

/**
 * Every file `npm run i18n` writes under src/locales/compiled/, by path relative to it.
 * Throws on an ICU syntax error.
 */
export function compiledFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const [locale, messages] of Object.entries(compileAll())) {
    files[`${locale}.ts`] = compiledModule(locale, messages)
  }
  for (const [locale, messages] of Object.entries(compileOwner())) {
    const from = `src/locales/owner/${locale === PSEUDO_LOCALE ? SOURCE_LOCALE : locale}/*.json`
    files[`owner/${locale}.ts`] = compiledModule(locale, messages, from)
  }
  files['owner-message-id.ts'] = ownerIdsModule(Object.keys(readOwnerCatalog(SOURCE_LOCALE)))
  return files
}

/**
 * The ICU arguments a message names: `{name}`, and `{name, plural|select, …}` with
 * the arguments inside its cases. A case's own words are text, not an argument
 * (`one {character}` is the word "character"), so the cases are walked, not matched.
 */
function argumentsOf(message: string): Set<string> {
  const names = new Set<string>()
  let at = 0
  const skipSpace = () => {
    while (at < message.length && /\s/.test(message[at]!)) at++
  }
  const word = (pattern: RegExp) => {
    const start = at
    while (at < message.length && pattern.test(message[at]!)) at++
    return message.slice(start, at)
  }
  /** Text and arguments up to the `}` that closes it (left for the caller) or the end. */
  const text = (): void => {
    while (at < message.length && message[at] !== '}') {
      if (message[at] === '{') {
        at++
        argument()
      } else at++
    }
  }
  /** After a `{`: an argument, through its closing `}`. */
  const argument = (): void => {
    skipSpace()
    const name = word(/[A-Za-z0-9_]/)
    skipSpace()
    if (!name || (message[at] !== '}' && message[at] !== ',')) {
      text()
      at++
      return
    }
    names.add(name)
    if (message[at] === '}') {
      at++
      return
    }
    at++
    skipSpace()
    const type = word(/[A-Za-z]/)
    skipSpace()
    if (message[at] === ',' && ['plural', 'select', 'selectordinal'].includes(type)) {
      at++
      for (;;) {
        skipSpace()
        if (at >= message.length) return
        if (message[at] === '}') {
          at++
          return
        }
        word(/[^\s{}]/)
        skipSpace()
        if (message[at] !== '{') continue
        at++
        text()
        at++
      }
    }
    text()
    at++
  }
  text()
  return names
}

/** The placeholders ({name}) and tags (<0>) a message uses, sorted: translations keep the same. */
export function slotsOf(message: string): string[] {
  const slots = new Set<string>()
  for (const name of argumentsOf(message)) slots.add(`{${name}}`)
  for (const match of message.matchAll(/<(\d+)>/g)) slots.add(`<${match[1]}>`)
  return [...slots].sort()
}

/** The message ids the app's code uses: `t('id'…)`, `msgId('id')`, `<T id="id"`. */
export function usedMessageIds(dir = join(ROOT, 'src')): Map<string, string> {
  const compiledDir = join(dir, 'locales', 'compiled')
  const used = new Map<string, string>()
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (path !== compiledDir) visit(path)
        continue
      }
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
      const code = readFileSync(path, 'utf8')
      const pattern = /\b(?:t|msgId)\(\s*'([A-Za-z0-9_.-]+)'|<T\s+id="([A-Za-z0-9_.-]+)"/g
      for (const match of code.matchAll(pattern)) {
        const id = match[1] ?? match[2]
        if (id && !used.has(id)) used.set(id, relative(ROOT, path))
      }
    }
  }
  visit(dir)
  return used
}

/** What is wrong with one translation of `source` (`name`: how problems name it). */
function translationProblems(name: string, source: Catalog, catalog: Catalog): string[] {
  const problems: string[] = []
  for (const id of Object.keys(source)) {
    const entry = catalog[id]
    if (!entry || typeof entry.message !== 'string' || entry.message.trim() === '') {
      problems.push(`${name} misses ${id}`)
      continue
    }
    if (!entry.flags?.includes(MACHINE_FLAG) && entry.comment === undefined) {
      // A translation a person checked drops the flag and says so in a comment.
      problems.push(`${name} ${id} has neither the ${MACHINE_FLAG} flag nor a reviewer's comment`)
    }
    const expected = slotsOf(source[id]!.message).join(' ')
    const actual = slotsOf(entry.message).join(' ')
    if (expected !== actual) {
      problems.push(
        `${name} ${id} has placeholders ${actual || '(none)'}, not ${expected || '(none)'}`,
      )
    }
  }
  for (const id of Object.keys(catalog)) {
    if (!(id in source))
      problems.push(`${name} invents ${id}, which the English source does not have`)
  }
  return problems
}

/** What is wrong with the catalogs and the code's ids: empty when all is well. */
export function catalogProblems({
  srcDir = join(ROOT, 'src'),
  localesDir = LOCALES_DIR,
}: { srcDir?: string; localesDir?: string } = {}): string[] {
  const problems: string[] = []
  const source = readCatalog(SOURCE_LOCALE, localesDir)
  const owner = readOwnerCatalog(SOURCE_LOCALE, localesDir, problems)
  const used = usedMessageIds(srcDir)
  for (const [id, file] of used) {
    if (!(id in source) && !(id in owner))
      problems.push(`${file} uses ${id}, which neither en.json nor owner/en has`)
  }
  for (const id of Object.keys(source)) {
    if (!used.has(id)) problems.push(`en.json has ${id}, which no code uses (stale extraction)`)
    if (id in owner) problems.push(`${id} is in both en.json and owner/en: one catalog owns it`)
  }
  for (const id of Object.keys(owner)) {
    if (!used.has(id)) problems.push(`owner/en has ${id}, which no code uses (stale extraction)`)
  }
  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue
    problems.push(...translationProblems(`${locale}.json`, source, readCatalog(locale, localesDir)))
  }
  for (const locale of ownerLocales(localesDir)) {
    if (locale === SOURCE_LOCALE) continue
    const catalog = readOwnerCatalog(locale, localesDir, problems)
    problems.push(...translationProblems(`owner/${locale}`, owner, catalog))
  }
  return problems
}
