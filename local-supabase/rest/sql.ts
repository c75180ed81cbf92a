/**
 * SQL fragments shared by the read, mutate and call builders. They build from a
 * plan already resolved against the schema cache (plan.ts): every identifier
 * was checked there and is double-quoted here (quotes doubled); casts come from
 * an allow-list (parse.ts); values only travel as parameters.
 */
import { quoteIdent } from '../sql-ident.ts'
import type { Condition, OrderTerm } from './parse.ts'
import type { ResolvedItem } from './resolve.ts'
import type { Relation } from './schema-cache.ts'

export const ident = quoteIdent

export function tableSql(relation: Relation): string {
  return `${ident(relation.schema)}.${ident(relation.name)}`
}

export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

const BINARY: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  isdistinct: 'is distinct from',
}

/** A column of the row source `alias` (checked against the schema cache by the plan). */
export function column(alias: string, name: string): string {
  return `${alias}.${ident(name)}`
}

export type Scope = { alias: string }

export function conditionSql(scope: Scope, condition: Condition, params: Params): string {
  if (condition.kind === 'logic') {
    const parts = condition.children.map((child) => conditionSql(scope, child, params))
    const joined =
      parts.length === 0 ? 'true' : `(${parts.join(condition.op === 'or' ? ' or ' : ' and ')})`
    return condition.negate ? `not ${joined}` : joined
  }
  const col = column(scope.alias, condition.column)
  let sql: string
  if (condition.op === 'is') {
    const value = String(condition.value).toLowerCase()
    sql = `${col} is ${IS_VALUES[value]!}`
  } else if (condition.op === 'in') {
    const list = condition.value as string[]
    sql = list.length === 0 ? 'false' : `${col} in (${list.map((v) => params.add(v)).join(', ')})`
  } else if (condition.quantifier) {
    const list = condition.value as string[]
    const op = BINARY[condition.op]!
    const parts = list.map((v) => `${col} ${op} ${params.add(v)}`)
    sql =
      parts.length === 0
        ? condition.quantifier === 'any'
          ? 'false'
          : 'true'
        : `(${parts.join(condition.quantifier === 'any' ? ' or ' : ' and ')})`
  } else {
    sql = `${col} ${BINARY[condition.op]!} ${params.add(condition.value)}`
  }
  return condition.negate ? `not (${sql})` : sql
}

const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
}

export function whereSql(scope: Scope, conditions: Condition[], params: Params): string {
  const parts = conditions.map((c) => conditionSql(scope, c, params))
  return parts.length > 0 ? ` where ${parts.join(' and ')}` : ''
}

export function orderSql(scope: Scope, terms: OrderTerm[]): string {
  if (terms.length === 0) return ''
  const parts = terms.map(
    (t) =>
      `${column(scope.alias, t.column)}${t.desc ? ' desc' : ' asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
  )
  return ` order by ${parts.join(', ')}`
}

export function pageSql(limit: number | null, offset: number | null): string {
  return `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`
}

/**
 * Wraps a row source as the response body in one row: the row count, the JSON
 * array and its first element (for `vnd.pgrst.object+json`); `json_strip_nulls`
 * for `nulls=stripped`.
 */
export function bodySql(source: string, stripNulls: boolean): string {
  const strip = (json: string) => (stripNulls ? `json_strip_nulls(${json})` : json)
  return `select count(*)::int as n, ${strip(`coalesce(json_agg(_r), '[]')`)}::text as body, (${strip('json_agg(_r)->0')})::text as first from (${source}) _r`
}

export type SelectContext = {
  params: Params
  /** Conditions the parent must satisfy because of `!inner` embeds. */
  innerConditions: string[]
  nextAlias: () => string
}

export function selectContext(params: Params): SelectContext {
  let n = 0
  return { params, innerConditions: [], nextAlias: () => `_t${++n}` }
}

/** The select list of one row source, with embedded resources as correlated subqueries. */
export function selectListSql(ctx: SelectContext, alias: string, items: ResolvedItem[]): string {
  const parts: string[] = []
  for (const item of items) {
    if (item.kind === 'star') parts.push(`${alias}.*`)
    else if (item.kind === 'column') {
      const cast = item.cast ? `::${item.cast}` : ''
      parts.push(`${column(alias, item.name)}${cast} as ${ident(item.alias ?? item.name)}`)
    } else {
      const embedded = embedSql(ctx, alias, item)
      if (embedded) parts.push(embedded)
    }
  }
  // only empty embeds: rows without columns (`{}`), as PostgREST answers
  return parts.length > 0 ? parts.join(', ') : items.length > 0 ? '' : `${alias}.*`
}

/** One embed as a subquery (null for `rel()`, used for filtering only); `!inner` adds its condition. */
function embedSql(
  ctx: SelectContext,
  alias: string,
  item: Extract<ResolvedItem, { kind: 'embed' }>,
): string | null {
  const inner = ctx.nextAlias()
  const innerScope: Scope = { alias: inner }
  const join = item.joins.map((j) => `${inner}.${ident(j.child)} = ${alias}.${ident(j.parent)}`)
  const conditions = item.options.conditions.map((c) => conditionSql(innerScope, c, ctx.params))
  const where = [...join, ...conditions].join(' and ')
  const from = `${tableSql(item.target)} as ${inner}`
  if (item.inner) ctx.innerConditions.push(`exists (select 1 from ${from} where ${where})`)
  if (item.select.length === 0) return null
  const columns = selectListSql(ctx, inner, item.select)
  if (item.toOne) {
    return `(select row_to_json(_j) from (select ${columns} from ${from} where ${where} limit 1) _j) as ${ident(item.name)}`
  }
  const order = orderSql(innerScope, item.options.order)
  const page = pageSql(item.options.limit, item.options.offset)
  return `coalesce((select json_agg(_j) from (select ${columns} from ${from} where ${where}${order}${page}) _j), '[]'::json) as ${ident(item.name)}`
}
