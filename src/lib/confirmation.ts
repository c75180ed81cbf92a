import { useEffect, useState } from 'react'
import { atom, useAtomValue, useSetAtom } from '@/lib/jotai'

/**
 * A short confirmation carried to the next page (e.g. "Settings saved." after the
 * account form goes to the dashboard). The page that shows it takes it once.
 */
export const confirmationAtom = atom<string | null>(null)

/** The confirmation left for this page, read once on arrival (then cleared). */
export function useTakeConfirmation(): string | null {
  const pending = useAtomValue(confirmationAtom)
  const setConfirmation = useSetAtom(confirmationAtom)
  const [shown] = useState(pending)
  useEffect(() => {
    setConfirmation(null)
  }, [setConfirmation])
  return shown
}
