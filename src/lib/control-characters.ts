/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: the
 * Edge Functions' rule (supabase/functions/_shared/http.ts). Pasted from elsewhere,
 * they are invisible; a NUL is text Postgres cannot store at all. The owner's
 * forms refuse them; a chat message drops them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/** True when some value holds one of those characters. */
export function hasControlCharacters(values: readonly string[]): boolean {
  return values.some((value) => value.search(CONTROL_CHARACTERS) !== -1)
}

/** The text without those characters (where dropping them loses nothing a person wrote). */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '')
}
