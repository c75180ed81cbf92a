import { useCallback, useState } from 'react'
import { useAtom, useSetAtom, useStore } from '@/lib/jotai'
import { stateAtom } from '@/lib/store'
import { markReturned } from '@/features/chat/api/mark-returned'
import { chatSummaryAtom } from '@/features/chat/state'

export type MarkReturned = {
  isReturned: boolean
  isSaving: boolean
  error: string | null
  markReturned: () => void
}

export const MARK_RETURNED_FAILED = 'Your tag was not updated'

/** The owner's "Mark as returned": the item's status becomes FOUND, here and on the dashboard. */
export function useMarkReturned(): MarkReturned {
  const [summary, setSummary] = useAtom(chatSummaryAtom)
  const setState = useSetAtom(stateAtom)
  const store = useStore()
  const [isSaving, setIsSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const itemId = summary?.item_id

  const mark = useCallback(() => {
    if (!itemId) return
    setIsSaving(true)
    setError(null)
    markReturned(itemId)
      .then((item) => {
        if (!item) throw new Error('not updated')
        setSummary((current) => (current ? { ...current, item_status: 'FOUND' } : current))
        const items = store.get(stateAtom).items
        if (items) setState({ items: items.map((i) => (i.id === item.id ? item : i)) })
      })
      .catch(() => setError(MARK_RETURNED_FAILED))
      .finally(() => setIsSaving(false))
  }, [itemId, setState, setSummary, store])

  return { isReturned: summary?.item_status === 'FOUND', isSaving, error, markReturned: mark }
}
