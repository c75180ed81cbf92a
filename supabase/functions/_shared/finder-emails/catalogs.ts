/** Every finder e-mail catalog, by language (app_private.data_rules(): finder_languages). */
import type { FinderLanguage } from '../finder-language.ts'
import { ar } from './ar.ts'
import { cy } from './cy.ts'
import { de } from './de.ts'
import { en } from './en.ts'
import { es } from './es.ts'
import { fr } from './fr.ts'
import { it } from './it.ts'
import type { FinderEmailMessages } from './messages.ts'
import { pl } from './pl.ts'
import { pt } from './pt.ts'
import { ro } from './ro.ts'
import { uk } from './uk.ts'
import { zhHans } from './zh-Hans.ts'

export const FINDER_EMAILS: Record<FinderLanguage, FinderEmailMessages> = {
  en,
  cy,
  pl,
  ro,
  es,
  fr,
  de,
  it,
  pt,
  uk,
  ar,
  'zh-Hans': zhHans,
}
