import { FINDER_LANGUAGES } from '@/types/rules.generated'
import { msgId, type MessageId } from '@/lib/i18n/message-id'
import { translate, type Values } from '@/lib/i18n/runtime'

type FinderLanguage = (typeof FINDER_LANGUAGES)[number]

/**
 * Each language a finder may write in, named in the owner's words (the owner's catalog;
 * supabase/functions/_shared/finder-language.ts names them the same, in English, in the
 * owner's alerts).
 */
const LANGUAGE_NAMES: Record<FinderLanguage, MessageId> = {
  en: msgId('ownerChat.language.en'),
  cy: msgId('ownerChat.language.cy'),
  pl: msgId('ownerChat.language.pl'),
  ro: msgId('ownerChat.language.ro'),
  es: msgId('ownerChat.language.es'),
  fr: msgId('ownerChat.language.fr'),
  de: msgId('ownerChat.language.de'),
  it: msgId('ownerChat.language.it'),
  pt: msgId('ownerChat.language.pt'),
  uk: msgId('ownerChat.language.uk'),
  ar: msgId('ownerChat.language.ar'),
  'zh-Hans': msgId('ownerChat.language.zh-Hans'),
}

/**
 * The owner's note of the finder's language ('Writes in Polish'), so they can turn
 * on their browser's translation; null for English or a language we do not know.
 * `t`: the owner's catalog (useT()); the active one when left out.
 */
export function writesInLabel(
  language: string | null | undefined,
  t: (id: MessageId, values?: Values) => string = translate,
): string | null {
  if (!language || language === 'en' || !Object.hasOwn(LANGUAGE_NAMES, language)) return null
  return t('ownerChat.header.writesIn', {
    language: t(LANGUAGE_NAMES[language as FinderLanguage]),
  })
}
