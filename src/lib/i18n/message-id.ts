import type source from '@/locales/en.json'

/** Every message's id: the keys of the source catalog, src/locales/en.json. */
export type MessageId = keyof typeof source

/**
 * Marks a message id kept in data (a constant, a state) to be translated where it is
 * shown; `npm run i18n -- --check` finds ids by this call, `t(...)` and `<T id=...>`.
 */
export const msgId = <const Id extends MessageId>(id: Id): Id => id
