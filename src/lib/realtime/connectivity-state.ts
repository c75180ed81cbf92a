import { useEffect, useState } from 'react'
import { atom, useSetAtom } from '@/lib/jotai'
import { createConnectivityMonitor, type ConnectivityMonitor } from '@/lib/realtime/connectivity'

/** True after 10 s without a reply from the backend; shared by every screen. */
export const isOfflineAtom = atom(false)

/** One connectivity monitor for the calling component, feeding isOfflineAtom. */
export function useConnectivityMonitor(): ConnectivityMonitor {
  const setIsOffline = useSetAtom(isOfflineAtom)
  const [monitor] = useState(() => createConnectivityMonitor(setIsOffline))
  useEffect(
    () => () => {
      monitor.dispose()
      setIsOffline(false)
    },
    [monitor, setIsOffline],
  )
  return monitor
}
