import { atomWithValidatedStorage } from '@/lib/validated-storage'

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

export const lastReportAtom = atomWithValidatedStorage<LastReport | null>(
  'homeward.lastReport',
  null,
  (value): value is LastReport | null => value === null || isLastReport(value),
)
