/** A Postgres identifier, double-quoted with its quotes doubled: safe for any name. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
