/**
 * PostgREST's URL grammar, the subset this stack serves: select (columns,
 * aliases, casts, one level of embedding with hints), filters (eq neq gt gte lt
 * lte like ilike match imatch is isdistinct in cs cd ov, not, or/and trees),
 * order, limit, offset. Anything else is a parse error, never ignored.
 */
import { parseError, unsupported } from './errors.ts'

export type SelectColumn = {
  kind: 'column'
  name: string
  alias: string | null
  cast: string | null
}
export type SelectEmbed = {
  kind: 'embed'
  relation: string
  alias: string | null
  hint: string | null
  inner: boolean
  select: SelectItem[]
}
export type SelectItem = { kind: 'star' } | SelectColumn | SelectEmbed

export type Operator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct'
  | 'in'
  | 'cs'
  | 'cd'
  | 'ov'

export type Filter = {
  kind: 'filter'
  column: string
  negate: boolean
  op: Operator
  quantifier: 'any' | 'all' | null
  /** A single value, or the list for `in` and quantified operators. */
  value: string | string[]
}
export type Logic = { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] }
export type Condition = Filter | Logic

export type OrderTerm = { column: string; desc: boolean; nulls: 'first' | 'last' | null }

const OPERATORS = new Set<Operator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
])
const QUANTIFIABLE = new Set<Operator>([
  'eq',
  'like',
  'ilike',
  'gt',
  'gte',
  'lt',
  'lte',
  'match',
  'imatch',
])
const KNOWN_BUT_UNSUPPORTED = new Set([
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
])
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/

/** Splits on a separator outside parentheses, braces and double quotes. */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      current += ch
      if (ch === '\\' && i + 1 < text.length) current += text[++i]
      else if (ch === '"') quoted = false
      continue
    }
    if (ch === '"') quoted = true
    else if (ch === '(' || ch === '{') depth++
    else if (ch === ')' || ch === '}') depth--
    if (depth < 0) throw parseError(`failed to parse "${text}"`, 'unbalanced parentheses')
    if (ch === separator && depth === 0) {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  if (quoted || depth !== 0)
    throw parseError(`failed to parse "${text}"`, 'unbalanced quotes or parentheses')
  parts.push(current)
  return parts
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}

function fieldName(raw: string, context: string): string {
  const name = unquote(raw.trim())
  if (name.includes('->')) throw unsupported(`JSON path in ${context} (${name})`)
  if (!name) throw parseError(`failed to parse ${context}`, 'empty column name')
  return name
}

export function parseSelect(text: string, depth = 0): SelectItem[] {
  const source = text.trim() === '' ? '*' : text
  return splitTopLevel(source).map((raw) => parseSelectItem(raw.trim(), depth))
}

function parseSelectItem(raw: string, depth: number): SelectItem {
  if (raw === '*') return { kind: 'star' }
  if (raw.startsWith('...')) throw unsupported(`spread embedding (${raw})`)
  const open = raw.indexOf('(')
  if (open !== -1) {
    if (!raw.endsWith(')')) throw parseError(`failed to parse select parameter (${raw})`)
    if (depth >= 1) throw unsupported('embedding more than one level deep')
    const head = raw.slice(0, open)
    if (/^(count|sum|avg|min|max)$/i.test(head) || head.includes('.'))
      throw unsupported(`aggregate ${raw}`)
    const inside = raw.slice(open + 1, -1)
    const [aliasPart, target] = splitAlias(head)
    const [relation, ...hints] = target.split('!')
    let inner = false
    let hint: string | null = null
    for (const h of hints) {
      if (h === 'inner') inner = true
      else if (h === 'left') inner = false
      else hint = h
    }
    if (!relation || !IDENTIFIER.test(relation))
      throw parseError(`failed to parse select parameter (${raw})`)
    return {
      kind: 'embed',
      relation,
      alias: aliasPart,
      hint,
      inner,
      // `rel()` embeds for filtering only: nothing of it is returned
      select: inside.trim() === '' ? [] : parseSelect(inside, depth + 1),
    }
  }
  const [alias, rest] = splitAlias(raw)
  const castAt = rest.indexOf('::')
  const name = fieldName(castAt === -1 ? rest : rest.slice(0, castAt), 'select')
  const cast = castAt === -1 ? null : parseCast(rest.slice(castAt + 2))
  if (/^(count|sum|avg|min|max)\(\)$/.test(name)) throw unsupported(`aggregate ${name}`)
  // `rel(count)`: PostgREST's embedded row count
  if (depth >= 1 && name === 'count' && alias === null && cast === null)
    throw unsupported('aggregate count on an embedded resource')
  return { kind: 'column', name, alias, cast }
}

/**
 * The cast types a select may use. PostgREST passes any type name to Postgres;
 * the local stack allows only these, so no request text ever reaches SQL unquoted.
 */
const CAST_TYPES = new Set([
  'text',
  'varchar',
  'char',
  'name',
  'citext',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'real',
  'float4',
  'float8',
  'double precision',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'money',
])

/** A cast from the allow-list (optionally an array of it), in canonical lower case. */
export function parseCast(text: string): string {
  const cast = text.trim().toLowerCase().replace(/\s+/g, ' ')
  const base = cast.endsWith('[]') ? cast.slice(0, -2) : cast
  if (!CAST_TYPES.has(base)) {
    throw parseError(
      `failed to parse select parameter: the cast "${text}" is not allowed by the local Supabase stack`,
      `Allowed casts: ${[...CAST_TYPES].join(', ')} (and arrays of them).`,
    )
  }
  return cast
}

function splitAlias(text: string): [string | null, string] {
  const colon = text.search(/:(?!:)/)
  if (colon > 0 && text[colon - 1] !== ':')
    return [unquote(text.slice(0, colon)), text.slice(colon + 1)]
  return [null, text]
}

/** `[not.]op[(any|all)].value` for a column. */
export function parseFilter(column: string, expression: string, inLogic = false): Filter {
  let rest = expression
  let negate = false
  if (rest.startsWith('not.')) {
    negate = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  if (dot === -1)
    throw parseError(`failed to parse filter (${expression})`, 'expected operator.value')
  const opText = rest.slice(0, dot)
  let value = rest.slice(dot + 1)
  const quantified = /^([a-z]+)\((any|all)\)$/.exec(opText)
  const opName = (quantified ? quantified[1] : opText.replace(/\(.*\)$/, '')) ?? ''
  if (KNOWN_BUT_UNSUPPORTED.has(opName)) throw unsupported(`operator ${opName}`)
  if (!OPERATORS.has(opName as Operator)) {
    throw parseError(`failed to parse filter (${expression})`, `unknown operator "${opText}"`)
  }
  const op = opName as Operator
  const quantifier = (quantified?.[2] as 'any' | 'all' | undefined) ?? null
  if (quantifier && !QUANTIFIABLE.has(op))
    throw parseError(`operator ${op} does not take (${quantifier})`)
  if (inLogic) value = unquote(value)
  if (op === 'in' || quantifier) {
    const list = op === 'in' ? /^\((.*)\)$/s.exec(value) : /^\{(.*)\}$/s.exec(value)
    if (!list)
      throw parseError(`failed to parse filter (${expression})`, `expected a list for ${op}`)
    const inside = list[1] ?? ''
    const items = inside.trim() === '' ? [] : splitTopLevel(inside).map((v) => unquote(v.trim()))
    return { kind: 'filter', column, negate, op, quantifier, value: items }
  }
  if (
    op === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())
  ) {
    throw parseError(
      `failed to parse filter (${expression})`,
      'is accepts null, not_null, true, false or unknown',
    )
  }
  if (op === 'like' || op === 'ilike') value = value.replaceAll('*', '%')
  return { kind: 'filter', column, negate, op, quantifier, value }
}

/**
 * How deep `and`/`or` trees may nest. PostgREST documents no limit (Postgres'
 * max_stack_depth ends a deep one); the local stack refuses deeper trees with
 * 400 before parsing them, so no request can exhaust its stack.
 */
export const MAX_LOGIC_DEPTH = 64

/** `(a.eq.1,and(b.gt.2,c.lt.3))` for an `or`/`and` key. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string, depth = 1): Logic {
  if (depth > MAX_LOGIC_DEPTH) {
    throw parseError(
      'failed to parse logic tree',
      `and/or nested deeper than ${MAX_LOGIC_DEPTH} levels`,
    )
  }
  const match = /^\((.*)\)$/s.exec(text)
  if (!match) throw parseError(`failed to parse logic tree (${text})`, 'expected "(" and ")"')
  const children = splitTopLevel(match[1] ?? '').map((raw) => parseLogicItem(raw.trim(), depth))
  return { kind: 'logic', op, negate, children }
}

function parseLogicItem(raw: string, depth: number): Condition {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(raw)
  if (nested) {
    return parseLogic(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] ?? '', depth + 1)
  }
  const dot = raw.indexOf('.')
  if (dot === -1) throw parseError(`failed to parse logic tree item (${raw})`)
  return parseFilter(fieldName(raw.slice(0, dot), 'filter'), raw.slice(dot + 1), true)
}

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text).map((raw) => {
    const parts = raw.trim().split('.')
    const column = fieldName(parts.shift() ?? '', 'order')
    if (column.includes('(')) throw unsupported(`ordering by an embedded resource (${raw.trim()})`)
    let desc = false
    let nulls: OrderTerm['nulls'] = null
    for (const p of parts) {
      if (p === 'asc') desc = false
      else if (p === 'desc') desc = true
      else if (p === 'nullsfirst') nulls = 'first'
      else if (p === 'nullslast') nulls = 'last'
      else throw parseError(`failed to parse order (${raw})`, `unexpected "${p}"`)
    }
    return { column, desc, nulls }
  })
}

export function parseNonNegativeInt(name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw parseError(`failed to parse ${name} parameter (${text})`)
  return Number(text)
}

/** `"a","b"` or `a,b` (columns=, on_conflict=). */
export function parseColumnList(text: string): string[] {
  return splitTopLevel(text).map((c) => fieldName(c, 'columns'))
}

export { IDENTIFIER }
