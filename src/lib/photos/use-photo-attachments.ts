import { useCallback, useEffect, useRef, useState } from 'react'
import { atom, useSetAtom } from '@/lib/jotai'
import { PhotoRefusedError, preparePhoto } from '@/lib/photos/prepare-photo'
import { PHOTO_MESSAGES, type PhotoBucket } from '@/lib/photos/photo-rules'
import { newPhotoPath, PhotoUploadRefusedError, uploadPhoto } from '@/lib/photos/upload-photo'

export type Attachment = {
  id: string
  /** A local object URL of the re-encoded photo, for its thumbnail. */
  previewUrl: string | null
  /** 'sent': uploaded and sent (markSent): with the other person, no longer removable. */
  status: 'preparing' | 'uploading' | 'uploaded' | 'failed' | 'sent'
  /** The object name once uploaded. */
  path: string | null
}

export type PhotoAttachments = {
  attachments: Attachment[]
  /** Why the last chosen file was refused, in the product's words. */
  refusal: string | null
  /** Re-encodes and uploads the chosen files (up to the limit). */
  add: (files: Iterable<File>) => void
  retry: (id: string) => void
  remove: (id: string) => void
  /** Forgets every attachment (after they were sent or saved). */
  clear: () => void
  /** The uploaded photos' names, when every attachment is uploaded; else null. */
  readyPaths: () => string[] | null
  isBusy: boolean
  hasFailed: boolean
  /**
   * Marks the uploaded photos with these names as sent (they stay listed, with no
   * Remove, and no longer count as unsent), for a caller that keeps showing them.
   */
  markSent: (paths: readonly string[]) => void
}

type Entry = Attachment & { blob: Blob | null }

/**
 * How many photos are chosen on this page and not yet sent or saved (every
 * usePhotoAttachments on the page adds its own): a page can say so, and warn
 * before the person leaves and loses them.
 */
export const unsentPhotoCountAtom = atom(0)

/** Adds this list's photos not yet sent to the page's unsentPhotoCountAtom. */
function useCountUnsent(entries: readonly Entry[]) {
  const setUnsentCount = useSetAtom(unsentPhotoCountAtom)
  const unsent = entries.filter((entry) => entry.status !== 'sent').length
  useEffect(() => {
    if (unsent === 0) return
    setUnsentCount((count) => count + unsent)
    return () => setUnsentCount((count) => Math.max(0, count - unsent))
  }, [setUnsentCount, unsent])
}

/** The list with the uploaded photos named in `paths` marked sent (their bytes let go). */
function withSent(list: Entry[], paths: readonly string[]): Entry[] {
  const sent = new Set(paths)
  return list.map((entry) =>
    entry.status === 'uploaded' && entry.path && sent.has(entry.path)
      ? { ...entry, status: 'sent', blob: null }
      : entry,
  )
}

/** Lets go of the thumbnails' object URLs. */
function revokePreviews(list: readonly Entry[]): void {
  for (const entry of list) if (entry.previewUrl) URL.revokeObjectURL(entry.previewUrl)
}

/**
 * Photos chosen for one message or item: each is re-encoded in the browser, then
 * sent to the check-photo function (which checks and re-encodes it again and
 * stores it in `folder` of `bucket`) under a fresh name, with a thumbnail, its
 * state and a retry. Nothing refers to an upload until the caller sends or saves
 * the paths; photos uploaded and never sent are purged (photos_to_delete).
 */
export function usePhotoAttachments({
  bucket,
  folder,
  max,
}: {
  bucket: PhotoBucket
  /** The folder to upload into; null until it is known. */
  folder: string | null
  max: number
}): PhotoAttachments {
  const [entries, setEntries] = useState<Entry[]>([])
  useCountUnsent(entries)
  const [refusal, setRefusal] = useState<string | null>(null)
  // The list as of now (state lags a render behind): what callbacks read and change.
  const entriesRef = useRef<Entry[]>([])
  const isMounted = useRef(true)

  const commit = useCallback((update: (list: Entry[]) => Entry[]) => {
    entriesRef.current = update(entriesRef.current)
    setEntries(entriesRef.current)
  }, [])

  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
      revokePreviews(entriesRef.current)
    }
  }, [])

  const patch = useCallback(
    (id: string, change: Partial<Entry>) => {
      if (!isMounted.current) return
      commit((list) => list.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)))
    },
    [commit],
  )

  const upload = useCallback(
    async (id: string, blob: Blob) => {
      if (!folder) return patch(id, { status: 'failed' })
      patch(id, { status: 'uploading' })
      try {
        const path = await uploadPhoto(bucket, newPhotoPath(folder), blob)
        patch(id, { status: 'uploaded', path })
      } catch (error) {
        console.error('Uploading a photo failed', error)
        patch(id, { status: 'failed' })
        // the server's reason (not a photo, too many unsent photos), in its words
        if (error instanceof PhotoUploadRefusedError && isMounted.current) setRefusal(error.message)
      }
    },
    [bucket, folder, patch],
  )

  const add = useCallback(
    (files: Iterable<File>) => {
      const chosen = [...files]
      const room = max - entriesRef.current.length
      setRefusal(chosen.length > room ? PHOTO_MESSAGES.tooMany : null)
      for (const file of chosen.slice(0, Math.max(0, room))) {
        const id = crypto.randomUUID()
        const entry: Entry = { id, previewUrl: null, status: 'preparing', path: null, blob: null }
        commit((list) => [...list, entry])
        void preparePhoto(file).then(
          (prepared) => {
            if (!isMounted.current) return
            patch(id, { blob: prepared.blob, previewUrl: URL.createObjectURL(prepared.blob) })
            void upload(id, prepared.blob)
          },
          (error: unknown) => {
            if (!isMounted.current) return
            commit((list) => list.filter((each) => each.id !== id))
            setRefusal(
              error instanceof PhotoRefusedError ? error.message : PHOTO_MESSAGES.unreadable,
            )
          },
        )
      }
    },
    [commit, max, patch, upload],
  )

  const retry = useCallback(
    (id: string) => {
      const entry = entriesRef.current.find((each) => each.id === id)
      if (entry?.status === 'failed' && entry.blob) void upload(id, entry.blob)
    },
    [upload],
  )

  const remove = useCallback(
    (id: string) => {
      const entry = entriesRef.current.find((each) => each.id === id)
      if (entry?.previewUrl) URL.revokeObjectURL(entry.previewUrl)
      commit((list) => list.filter((each) => each.id !== id))
      setRefusal(null)
    },
    [commit],
  )

  const clear = useCallback(() => {
    revokePreviews(entriesRef.current)
    commit(() => [])
    setRefusal(null)
  }, [commit])

  const markSent = useCallback(
    (paths: readonly string[]) => {
      if (isMounted.current) commit((list) => withSent(list, paths))
    },
    [commit],
  )

  const readyPaths = useCallback(() => {
    const list = entriesRef.current
    if (!list.every((entry) => entry.status === 'uploaded' && entry.path)) return null
    return list.map((entry) => entry.path as string)
  }, [])

  return {
    attachments: entries.map(({ blob: _blob, ...attachment }) => attachment),
    refusal,
    add,
    retry,
    remove,
    clear,
    readyPaths,
    isBusy: entries.some((entry) => entry.status === 'preparing' || entry.status === 'uploading'),
    hasFailed: entries.some((entry) => entry.status === 'failed'),
    markSent,
  }
}
