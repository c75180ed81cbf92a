import { FINDER_LANGUAGES } from '@/types/rules.generated'

type FinderLanguage = (typeof FINDER_LANGUAGES)[number]

/**
 * Each language a finder may write in, named in English: the owner's pages are
 * English this round (supabase/functions/_shared/finder-language.ts names them
 * the same in the owner's alerts).
 */
const LANGUAGE_NAMES: Record<FinderLanguage, string> = {
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

/**
 * The owner's note of the finder's language ('Writes in Polish'), so they can turn
 * on their browser's translation; null for English or a language we do not know.
 */
export function writesInLabel(language: string | null | undefined): string | null {
  if (!language || language === 'en' || !Object.hasOwn(LANGUAGE_NAMES, language)) return null
  return `Writes in ${LANGUAGE_NAMES[language as FinderLanguage]}`
}
