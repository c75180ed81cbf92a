import { atomWithStorage, createJSONStorage } from '@/lib/jotai'

/**
 * The finder's last report (its chat link), kept for /found/thank-you within the
 * tab (sessionStorage) and validated when read back.
 */
export type LastReport = { chatId: string; chatUrl: string }

function isLastReport(value: unknown): value is LastReport {
  if (typeof value !== 'object' || value === null) return false
  const { chatId, chatUrl } = value as Record<string, unknown>
  return typeof chatId === 'string' && typeof chatUrl === 'string' && /^https?:\/\//.test(chatUrl)
}

const storage = createJSONStorage<unknown>(() => sessionStorage)

export const lastReportAtom = atomWithStorage<LastReport | null>(
  'homeward.lastReport',
  null,
  {
    getItem: (key, initialValue) => {
      const value = storage.getItem(key, initialValue)
      return isLastReport(value) ? value : initialValue
    },
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
  },
  { getOnInit: true },
)
