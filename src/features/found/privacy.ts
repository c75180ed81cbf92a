/**
 * The deletion rule as the finder reads it on the form (the finder's e-mail says
 * the same; purge_finder_data in SQL enforces it).
 */
export const FINDER_DATA_RULE =
  'Your details are deleted 7 days after the owner marks the item found, or 30 days after your report if they do not.'
