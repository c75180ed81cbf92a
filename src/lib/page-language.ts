import { FINDER_LANGUAGES } from '@/types/rules.generated'

export type FinderLanguage = (typeof FINDER_LANGUAGES)[number]

const LANGUAGES: readonly string[] = FINDER_LANGUAGES

/**
 * The language the finder's page is in (the <html lang> the page was rendered or
 * switched to), as one of the languages the server writes in: 'pl-PL' is 'pl',
 * any Chinese is 'zh-Hans' (the only Chinese we write), anything else 'en'.
 * report-found keeps it with the report: the finder's e-mails come in it and the
 * owner is told which language the finder writes in.
 */
export function pageLanguage(lang: string = document.documentElement.lang): FinderLanguage {
  const tag = lang.trim()
  if (LANGUAGES.includes(tag)) return tag as FinderLanguage
  const primary = tag.split('-')[0]?.toLowerCase() ?? ''
  if (primary === 'zh') return 'zh-Hans'
  return LANGUAGES.includes(primary) ? (primary as FinderLanguage) : 'en'
}
