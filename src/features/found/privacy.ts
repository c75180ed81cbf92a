import { daysText, retentionDays } from '@/lib/retention'

/**
 * The deletion rule as the finder reads it on the form (the finder's e-mail says
 * the same; purge_finder_data in SQL enforces it, from the same retention periods).
 */
export const FINDER_DATA_RULE = `Your details are deleted ${daysText(retentionDays.finderAfterFound)} after the owner marks the item found, or ${daysText(retentionDays.finderAfterReport)} after your report if they do not.`
