import type source from '@/locales/en.json'
import type { OwnerMessageId } from '@/locales/compiled/owner-message-id'

/**
 * Every message's id: the keys of the finder's source catalog (src/locales/en.json)
 * and of the owner's (src/locales/owner/en/*.json, typed by `npm run i18n`).
 */
export type MessageId = keyof typeof source | OwnerMessageId

/**
 * Marks a message id kept in data (a constant, a state) to be translated where it is
 * shown; `npm run i18n -- --check` finds ids by this call, `t(...)` and `<T id=...>`.
 */
export const msgId = <const Id extends MessageId>(id: Id): Id => id
