import { useEffect, useState } from 'react'
import { getPhotoUrl } from '@/lib/photos/get-photo-url'
import type { PhotoBucket } from '@/lib/photos/photo-rules'
import { supabase } from '@/lib/supabase'
import { useUnmountSignal } from '@/lib/use-unmount-signal'

export type PhotoUrlState =
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  /** Deleted (purged) or not the viewer's to see. */
  | { kind: 'gone' }
  | { kind: 'failed' }

/**
 * A signed URL for one stored photo, fetched once per path. storage-js takes no
 * abort signal for signing, so the request starts only after the session is
 * read, and not at all if the component has gone by then.
 */
export function usePhotoUrl(bucket: PhotoBucket, path: string): PhotoUrlState {
  const unmountSignal = useUnmountSignal()
  const [state, setState] = useState<{ path: string; value: PhotoUrlState }>({
    path,
    value: { kind: 'loading' },
  })
  useEffect(() => {
    const signal = unmountSignal()
    let isCurrent = true
    void (async () => {
      let value: PhotoUrlState
      try {
        await supabase.auth.getSession()
        if (signal.aborted || !isCurrent) return
        const url = await getPhotoUrl(bucket, path)
        value = url ? { kind: 'ready', url } : { kind: 'gone' }
      } catch {
        value = { kind: 'failed' }
      }
      if (isCurrent && !signal.aborted) setState({ path, value })
    })()
    return () => {
      isCurrent = false
    }
  }, [bucket, path, unmountSignal])
  return state.path === path ? state.value : { kind: 'loading' }
}
