import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react'
import type { MessageId } from '@/lib/i18n/message-id'

export type MessageValues = Record<string, string | number>

/** The active catalog's text for a message id (a component re-renders when the language changes). */
export function useT() {
  const { _ } = useLingui()
  return (id: MessageId, values?: MessageValues): string => _(id, values)
}

/**
 * A message with elements inside it: `<0>…</0>` in the catalog becomes
 * `components[0]` wrapping the translated words, wherever the language puts them.
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId
  values?: MessageValues
  components?: Record<string, React.ReactElement>
}): ReactNode {
  return <Trans id={id} values={values} components={components} />
}
