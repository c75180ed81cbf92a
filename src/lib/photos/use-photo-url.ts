import { useCallback, useEffect, useState } from 'react'
import { getPhotoUrl } from '@/lib/photos/get-photo-url'
import { PHOTO_URL_REFRESH_SECONDS, type PhotoBucket } from '@/lib/photos/photo-rules'
import { supabase } from '@/lib/supabase'
import { useUnmountSignal } from '@/lib/use-unmount-signal'

export type PhotoUrlState =
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  /** Deleted (purged) or not the viewer's to see. */
  | { kind: 'gone' }
  | { kind: 'failed' }

type Entry = { key: string; round: number; value: PhotoUrlState }

/**
 * A signed URL for one stored photo. Signed URLs live minutes
 * (PHOTO_URL_SECONDS), so a new one is fetched before the old one ends, and
 * once when the image fails to load with it (`reload`: a URL that ended while
 * the tab slept, or a photo deleted meanwhile, which then shows as gone).
 * storage-js takes no abort signal for signing, so each request starts only
 * after the session is read, and not at all if the component has gone by then.
 */
export function usePhotoUrl(
  bucket: PhotoBucket,
  path: string,
): { state: PhotoUrlState; reload: () => void } {
  const unmountSignal = useUnmountSignal()
  const key = `${bucket}/${path}`
  const [round, setRound] = useState({ key, round: 0, reloaded: false })
  const [entry, setEntry] = useState<Entry>({ key, round: 0, value: { kind: 'loading' } })
  const current = round.key === key ? round.round : 0

  useEffect(() => {
    const signal = unmountSignal()
    let isCurrent = true
    let timer: ReturnType<typeof setTimeout> | undefined
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
      if (!isCurrent || signal.aborted) return
      setEntry((previous) =>
        // a failed renewal keeps showing the photo the viewer already has
        value.kind === 'failed' && previous.key === key && previous.value.kind === 'ready'
          ? previous
          : { key, round: current, value },
      )
      if (value.kind !== 'gone') {
        timer = setTimeout(
          () => setRound({ key, round: current + 1, reloaded: false }),
          PHOTO_URL_REFRESH_SECONDS * 1000,
        )
      }
    })()
    return () => {
      isCurrent = false
      clearTimeout(timer)
    }
  }, [bucket, path, key, current, unmountSignal])

  const reload = useCallback(() => {
    setRound((previous) =>
      previous.key === key && previous.reloaded
        ? previous
        : { key, round: (previous.key === key ? previous.round : 0) + 1, reloaded: true },
    )
  }, [key])

  return { state: entry.key === key ? entry.value : { kind: 'loading' }, reload }
}
