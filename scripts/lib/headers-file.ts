/**
 * Reads dist/_headers (as scripts/lib/host-rules.ts writes it) the way Netlify and
 * Cloudflare Pages apply it, for `npm run preview` (vite.config.ts) and the build
 * tests. Its own module, importing nothing: vite.config.ts loads it, and Vite bundles
 * the config with everything it imports (host-rules.ts reaches the route table,
 * whose lazy page imports the config bundler cannot resolve).
 */
/** One block of a _headers file: a path pattern (`/*`, `/assets/*`, `/sw.js`) and its headers. */
export type HeadersRule = { path: string; headers: [name: string, value: string][] }

/** Reads a _headers file (as headersFile writes it) into its blocks, in order. */
export function parseHeadersFile(text: string): HeadersRule[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() && !line.startsWith('#')))
    .filter((lines) => lines.length > 0 && !/^\s/.test(lines[0]!))
    .map(([path, ...lines]) => ({
      path: path!.trim(),
      headers: lines
        .map((line) => /^\s+([\w-]+):\s*(.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match): [string, string] => [match[1]!, match[2]!]),
    }))
}

/** The headers a _headers file gives a request path: every matching block's, in order. */
export function headersForPath(rules: readonly HeadersRule[], pathname: string) {
  return rules
    .filter(({ path }) =>
      path.endsWith('*') ? pathname.startsWith(path.slice(0, -1)) : pathname === path,
    )
    .flatMap(({ headers }) => headers)
}
