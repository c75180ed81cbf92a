import { CONTROL_CHARACTERS, TAG_CODE_SEPARATORS, TYPED_TAG_CODE } from '@/types/rules.generated'

/**
 * A typed or linked tag code as the database reads it (app_private.normalize_code):
 * control characters (a NUL in a pasted or crafted link, which Postgres cannot even
 * store) and separators (spaces, dashes: HW7K-3M9Q) dropped, the rest upper-cased.
 * The patterns are app_private.data_rules()'s, generated into rules.generated.ts.
 *
 * Self-contained on purpose: the /tag page's inline script runs its source text
 * (early-tag-status.ts), so it may use nothing from outside.
 */
export function normaliseCodeWith(raw: string, controlCharacters: string, separators: string) {
  return raw
    .replace(new RegExp(controlCharacters, 'g'), '')
    .replace(new RegExp(separators, 'g'), '')
    .toUpperCase()
}

/** A typed or linked tag code, read as the database reads it. */
export function normaliseTagCode(raw: string): string {
  return normaliseCodeWith(raw, CONTROL_CHARACTERS, TAG_CODE_SEPARATORS)
}

const TYPED_TAG_CODE_PATTERN = new RegExp(TYPED_TAG_CODE)

/** True for a read code worth looking up (what the app keeps between pages). */
export const isTypedTagCode = (value: unknown): value is string =>
  typeof value === 'string' && TYPED_TAG_CODE_PATTERN.test(value)
