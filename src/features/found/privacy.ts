import { retentionDays } from '@/lib/retention'
import { useT } from '@/lib/i18n/use-t'

/**
 * The deletion rule as the finder reads it on the form, in the finder's language (the
 * finder's e-mail says the same; purge_finder_data in SQL enforces it, from the same
 * retention periods).
 */
export function FinderDataRule() {
  const t = useT()
  return t('found.privacy.rule', {
    afterFound: retentionDays.finderAfterFound,
    afterReport: retentionDays.finderAfterReport,
  })
}
