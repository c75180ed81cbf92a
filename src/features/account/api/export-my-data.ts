import { supabase } from '@/lib/supabase'

/**
 * Everything held about the signed-in owner, as one JSON document made by the
 * database under the owner's own row-level security (export_my_data).
 */
export async function exportMyData(): Promise<unknown> {
  const { data, error } = await supabase.rpc('export_my_data')
  if (error) throw error
  return data
}

/** Hands the document to the browser as a file download. */
export function downloadJson(document_: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(document_, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
