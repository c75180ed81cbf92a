/**
 * The part of Chakra's global CSS (its reset, keyframes and ~1,000 token custom
 * properties, Emotion's `<Global>` styles) that a prerendered page needs before the app
 * has hydrated: every custom property the page's CSS and markup use, and what those
 * use in turn; the keyframes the page animates with; every other rule as it is. On
 * /tag the token layer alone was ~15 kB of the page's 26 kB global CSS, parsed and
 * applied to every element under bench:finder-page's CPU x4 before the first paint.
 * The full global CSS arrives with the app (scripts/prerender.ts): Emotion's `<Global>`
 * finds no prerendered style of its own name and inserts it once React hydrates.
 *
 * Emotion writes this CSS minified and flat (no comments, no nested style rules), so a
 * small reader of blocks and declarations is enough.
 */

/** A `{}` block (`prelude{body}`) or a statement ending in `;` (`@layer a,b;`). */
type CssNode =
  | { kind: 'block'; prelude: string; children: CssNode[] | null; declarations: string[] }
  | { kind: 'statement'; text: string }

const NESTING_AT_RULE = /^@(layer|media|supports|container|document)\b/
const KEYFRAMES = /^@(-webkit-)?keyframes\s+([\w-]+)/

/** Splits `text` at `separator` where it is outside quotes, parentheses and braces. */
function splitTopLevel(text: string, separator: ';' | 'blocks'): string[] {
  const parts: string[] = []
  let depth = 0
  let quote: string | null = null
  let start = 0
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quote) {
      if (char === '\\') index += 1
      else if (char === quote) quote = null
      continue
    }
    if (char === '"' || char === "'") quote = char
    else if (char === '(' || char === '{') depth += 1
    else if (char === ')' || char === '}') {
      depth -= 1
      if (separator === 'blocks' && depth === 0 && char === '}') {
        parts.push(text.slice(start, index + 1))
        start = index + 1
      }
    } else if (char === ';' && depth === 0) {
      parts.push(text.slice(start, index + 1))
      start = index + 1
    }
  }
  if (text.slice(start).trim() !== '') parts.push(text.slice(start))
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

/** Reads Emotion's serialized CSS into blocks and statements. */
export function parseCss(css: string): CssNode[] {
  return splitTopLevel(css, 'blocks').flatMap((part): CssNode[] => {
    const open = part.indexOf('{')
    if (open === -1 || !part.endsWith('}')) {
      // Statements (`@layer a,b;`) come before a block in the same part.
      return splitTopLevel(part, ';').map((text) => ({ kind: 'statement', text }))
    }
    const head = part.slice(0, open)
    const statements = splitTopLevel(head, ';')
    const prelude = (head.endsWith(';') ? '' : (statements.pop() ?? '')).trim()
    const body = part.slice(open + 1, -1)
    const nested = NESTING_AT_RULE.test(prelude) || KEYFRAMES.test(prelude)
    return [
      ...statements.map((text): CssNode => ({ kind: 'statement', text })),
      nested
        ? { kind: 'block', prelude, children: parseCss(body), declarations: [] }
        : {
            kind: 'block',
            prelude,
            children: null,
            declarations: splitTopLevel(body, ';').map((text) => text.replace(/;$/, '')),
          },
    ]
  })
}

function serialize(nodes: readonly CssNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'statement') return node.text.endsWith(';') ? node.text : `${node.text};`
      const body = node.children
        ? serialize(node.children)
        : node.declarations.map((declaration) => `${declaration};`).join('')
      return `${node.prelude}{${body}}`
    })
    .join('')
}

/** A custom property's name, CSS escapes included (Chakra declares `--chakra-sizes-1\/2`). */
const NAME = String.raw`--(?:[\w-]|\\.)+`
const DECLARES = new RegExp(String.raw`^(${NAME})\s*:`)
const READS = new RegExp(String.raw`var\(\s*(${NAME})`, 'g')

const customPropertyOf = (declaration: string) => DECLARES.exec(declaration)?.[1]

/** The custom properties `text` reads with `var(--name`. */
export function customPropertiesUsed(text: string): Set<string> {
  return new Set([...text.matchAll(READS)].map((match) => match[1] as string))
}

/** Every custom property `nodes` declare, with the values declared for it. */
function declarationsOf(nodes: readonly CssNode[], into = new Map<string, string[]>()) {
  for (const node of nodes) {
    if (node.kind !== 'block') continue
    if (node.children) declarationsOf(node.children, into)
    for (const declaration of node.declarations) {
      const name = customPropertyOf(declaration)
      if (name) into.set(name, [...(into.get(name) ?? []), declaration])
    }
  }
  return into
}

/** The custom properties `nodes` declare (for tests: what the inlined CSS defines). */
export function customPropertiesDeclared(css: string): Set<string> {
  return new Set(declarationsOf(parseCss(css)).keys())
}

/** Every declaration in `nodes` that is not a custom property, and each keyframes' text. */
function plainDeclarations(nodes: readonly CssNode[], keyframes: Map<string, string>): string[] {
  return nodes.flatMap((node) => {
    if (node.kind !== 'block') return []
    const name = KEYFRAMES.exec(node.prelude)?.[2]
    if (name) {
      keyframes.set(name, `${keyframes.get(name) ?? ''}${serialize(node.children ?? [])}`)
      return []
    }
    if (node.children) return plainDeclarations(node.children, keyframes)
    return node.declarations.filter((declaration) => !customPropertyOf(declaration))
  })
}

const namesWord = (name: string) => new RegExp(`(^|[^\\w-])${name}($|[^\\w-])`)

/** Drops what is not kept: custom properties not in `keep`, keyframes not in `frames`. */
function prune(nodes: readonly CssNode[], keep: Set<string>, frames: Set<string>): CssNode[] {
  return nodes.flatMap((node): CssNode[] => {
    if (node.kind !== 'block') return [node]
    const name = KEYFRAMES.exec(node.prelude)?.[2]
    if (name) return frames.has(name) ? [node] : []
    if (node.children) {
      const children = prune(node.children, keep, frames)
      return children.some((child) => child.kind === 'block') ? [{ ...node, children }] : []
    }
    const declarations = node.declarations.filter((declaration) => {
      const property = customPropertyOf(declaration)
      return !property || keep.has(property)
    })
    return declarations.length > 0 ? [{ ...node, declarations }] : []
  })
}

/**
 * `globalCss` cut to what a page whose other CSS and markup is `pageText` uses: its
 * custom properties (transitively), the keyframes its animations name, every other rule.
 */
export function criticalGlobalCss(globalCss: string, pageText: string): string {
  const nodes = parseCss(globalCss)
  const declared = declarationsOf(nodes)
  const keyframes = new Map<string, string>()
  const plain = plainDeclarations(nodes, keyframes).join(';')
  const animations = [...pageText.matchAll(/animation(-name)?\s*:[^;}"]*/g)].map((m) => m[0])

  const keep = new Set<string>()
  const frames = new Set<string>()
  const pending = [...customPropertiesUsed(pageText), ...customPropertiesUsed(plain)]
  const keptValues: string[] = [...animations, plain]
  for (;;) {
    while (pending.length > 0) {
      const name = pending.pop() as string
      if (keep.has(name) || !declared.has(name)) continue
      keep.add(name)
      for (const declaration of declared.get(name) ?? []) {
        keptValues.push(declaration)
        pending.push(...customPropertiesUsed(declaration))
      }
    }
    const used = keptValues.join(';')
    const newFrames = [...keyframes.keys()].filter(
      (name) => !frames.has(name) && namesWord(name).test(used),
    )
    if (newFrames.length === 0) break
    for (const name of newFrames) {
      frames.add(name)
      pending.push(...customPropertiesUsed(keyframes.get(name) ?? ''))
    }
  }
  return serialize(prune(nodes, keep, frames))
}

/** Emotion's prerendered `<Global>` styles: `<style data-emotion="css-global NAME">CSS</style>`. */
const GLOBAL_STYLE = /<style data-emotion="(css-global [\w-]+)">([^<]*)<\/style>/g

/** What a page's critical global CSS is marked with (not Emotion's attribute: see below). */
export const CRITICAL_CSS_ATTRIBUTE = 'data-critical-css'

/**
 * Moves the prerendered page `html`'s global styles into its <head>, each cut to what
 * the page uses (criticalGlobalCss). A style that was cut loses Emotion's
 * `data-emotion` name, so that Emotion's `<Global>` does not take it for its own when
 * React hydrates (it would keep the cut CSS) but inserts the full CSS then: the rest of
 * Chakra's global CSS arrives with the app, after the first paint, and the cut copy
 * stays beside it (the same rules, so nothing changes on screen). A style left whole
 * (the `@layer` order) keeps its name and is taken over by Emotion as before.
 */
export function inlineCriticalGlobalCss(html: string): string {
  const styles = [...html.matchAll(GLOBAL_STYLE)].map(([, name, css]) => ({
    name: name as string,
    css: css as string,
  }))
  const rest = html.replace(GLOBAL_STYLE, '')
  const moved = styles
    .map(({ name, css }) => {
      const critical = criticalGlobalCss(css, rest)
      return critical === css
        ? `<style data-emotion="${name}">${css}</style>`
        : `<style ${CRITICAL_CSS_ATTRIBUTE}="${name}">${critical}</style>`
    })
    .join('')
  if (!rest.includes('</head>')) throw new Error('the page has no </head>')
  return rest.replace('</head>', () => `${moved}</head>`)
}
