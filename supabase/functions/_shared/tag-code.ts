import { CONTROL_CHARACTERS, TAG_CODE_SEPARATORS } from './rules.generated.ts'

const CONTROL = new RegExp(CONTROL_CHARACTERS, 'g')
const SEPARATORS = new RegExp(TAG_CODE_SEPARATORS, 'g')

/**
 * A typed or linked tag code as the database reads it (app_private.normalize_code,
 * whose patterns rules.generated.ts holds): control characters and separators
 * (spaces, dashes: HW7K-3M9Q) dropped, the rest upper-cased.
 */
export function normaliseTagCode(raw: string): string {
  return raw.replace(CONTROL, '').replace(SEPARATORS, '').toUpperCase()
}
