import { supabase } from '@/lib/supabase'
import { exportPage, photosIn, type Translate } from '@/features/account/export-page'

/**
 * Everything held about the signed-in owner, as one JSON document made by the
 * database under the owner's own row-level security (export_my_data).
 */
export async function exportMyData(): Promise<unknown> {
  const { data, error } = await supabase.rpc('export_my_data')
  if (error) throw error
  return data
}

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'))
    reader.readAsDataURL(blob)
  })
}

/**
 * The photos the export names, fetched as the owner (Storage's RLS decides) and put
 * inside the file; one that cannot be fetched is left out, and the page says so.
 */
async function fetchPhotos(data: unknown): Promise<Map<string, string>> {
  const photos = new Map<string, string>()
  for (const { bucket, path } of photosIn(data)) {
    try {
      const { data: blob, error } = await supabase.storage.from(bucket).download(path)
      if (!error) photos.set(path, await asDataUrl(blob))
    } catch (failure) {
      console.warn('A photo was left out of the export', failure)
    }
  }
  return photos
}

/** The export as a page a person can read (export-page.ts) in `t`'s words, photos inside. */
export async function exportMyDataPage(t?: Translate): Promise<string> {
  const data = await exportMyData()
  return exportPage(data, await fetchPhotos(data), t)
}

/** Hands the text to the browser as a file download. */
export function downloadFile(content: string, fileName: string, type: string): void {
  const blob = new Blob([content], { type })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
