import { CONTROL_CHARACTERS as CONTROL_CHARACTER_CLASS } from '@/types/rules.generated'

/**
 * The control characters of app_private.data_rules() (C0 other than tab, line feed
 * and carriage return, and DEL), the set SQL and the Edge Functions refuse too.
 * Pasted from elsewhere, they are invisible; a NUL is text Postgres cannot store at
 * all. The owner's forms refuse them; a chat message drops them.
 */
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER_CLASS, 'g')

/** True when some value holds one of those characters. */
export function hasControlCharacters(values: readonly string[]): boolean {
  return values.some((value) => value.search(CONTROL_CHARACTERS) !== -1)
}

/** The text without those characters (where dropping them loses nothing a person wrote). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}
