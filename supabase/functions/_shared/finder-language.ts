/**
 * The languages a finder's page and e-mails come in (app_private.data_rules():
 * finder_languages), and their names in English for the owner ("The finder
 * writes in Polish.").
 */
import { FINDER_LANGUAGES } from './rules.generated.ts'

export type FinderLanguage = (typeof FINDER_LANGUAGES)[number]

const LANGUAGES: readonly string[] = FINDER_LANGUAGES

/** The language asked for when we write in it, else 'en' (never an error; as SQL's finder_language). */
export function finderLanguage(value: unknown): FinderLanguage {
  return typeof value === 'string' && LANGUAGES.includes(value) ? (value as FinderLanguage) : 'en'
}

/** Each language's name, in English (the owner's pages are English this round). */
export const LANGUAGE_NAMES: Record<FinderLanguage, string> = {
  en: 'English',
  cy: 'Welsh',
  pl: 'Polish',
  ro: 'Romanian',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  uk: 'Ukrainian',
  ar: 'Arabic',
  'zh-Hans': 'Chinese (Simplified)',
}

/** The line the owner's alert adds after the specification's words: none for English. */
export function finderWritesIn(value: unknown): string {
  const language = finderLanguage(value)
  return language === 'en' ? '' : `The finder writes in ${LANGUAGE_NAMES[language]}.`
}
