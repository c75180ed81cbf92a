import {
  cloneElement,
  useCallback,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react'
import type { MessageId } from '@/lib/i18n/message-id'
import { currentCatalog, subscribe, translateIn, type Values } from '@/lib/i18n/runtime'

export type MessageValues = Values

/** The active language; a component using it renders again when the language changes. */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, currentCatalog, currentCatalog).locale
}

/** The active catalog's text for a message id (a component re-renders when the language changes). */
export function useT() {
  const catalog = useSyncExternalStore(subscribe, currentCatalog, currentCatalog)
  return useCallback(
    (id: MessageId, values?: MessageValues): string => translateIn(catalog, id, values),
    [catalog],
  )
}

const ELEMENT = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g

/**
 * A message with elements inside it: `<0>…</0>` in the catalog becomes
 * `components[0]` with the translated words as its children, wherever the language
 * puts them (`<0/>`: the element alone).
 */
export function T({
  id,
  values,
  components = {},
}: {
  id: MessageId
  values?: MessageValues
  components?: Record<string, ReactElement>
}): ReactNode {
  const t = useT()
  const text = t(id, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(ELEMENT)) {
    const [whole, index, inner, lone] = match
    const element = components[index ?? lone ?? '']
    if (match.index > last) parts.push(text.slice(last, match.index))
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : (inner ?? whole))
    last = match.index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}
