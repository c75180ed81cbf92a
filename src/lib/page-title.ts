import { useEffect } from 'react'
import { atom, useSetAtom } from '@/lib/jotai'

/**
 * A page's own title in place of its route's (the header shows it and the general
 * state holds it as the current form title), e.g. /tag showing an owner's test scan.
 * Null: the route's title.
 */
export const pageTitleAtom = atom<string | null>(null)

/** Shows `title` in the header while the calling component is on screen. */
export function usePageTitle(title: string): void {
  const setPageTitle = useSetAtom(pageTitleAtom)
  useEffect(() => {
    setPageTitle(title)
    return () => setPageTitle(null)
  }, [setPageTitle, title])
}
