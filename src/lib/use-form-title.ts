import { useEffect } from 'react'
import { useSetAtom } from '@/lib/jotai'
import { stateAtom } from '@/lib/store'

/** Every page names itself; the header shows the logo when the title is 'home'. */
export function useFormTitle(title: string): void {
  const setState = useSetAtom(stateAtom)
  useEffect(() => {
    setState({ currentFormTitle: title })
  }, [setState, title])
}
