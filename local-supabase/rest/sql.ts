/**
 * Builds parameterised SQL for a PostgREST request. Identifiers are always
 * double-quoted (quotes doubled); values only ever travel as parameters.
 */
import { RestError } from './errors.ts'
import type { Condition, OrderTerm, SelectItem } from './parse.ts'
import { findRelation, type Relation, type SchemaCache } from './schema-cache.ts'

export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
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

export function conditionSql(condition: Condition, alias: string, params: Params): string {
  if (condition.kind === 'logic') {
    const parts = condition.children.map((child) => conditionSql(child, alias, params))
    const joined =
      parts.length === 0 ? 'true' : `(${parts.join(condition.op === 'or' ? ' or ' : ' and ')})`
    return condition.negate ? `not ${joined}` : joined
  }
  const column = `${alias}.${ident(condition.column)}`
  let sql: string
  if (condition.op === 'is') {
    const value = String(condition.value).toLowerCase()
    sql = `${column} is ${value === 'not_null' ? 'not null' : value}`
  } else if (condition.op === 'in') {
    const list = condition.value as string[]
    sql =
      list.length === 0 ? 'false' : `${column} in (${list.map((v) => params.add(v)).join(', ')})`
  } else if (condition.quantifier) {
    const list = condition.value as string[]
    const op = BINARY[condition.op]!
    const parts = list.map((v) => `${column} ${op} ${params.add(v)}`)
    sql =
      parts.length === 0
        ? condition.quantifier === 'any'
          ? 'false'
          : 'true'
        : `(${parts.join(condition.quantifier === 'any' ? ' or ' : ' and ')})`
  } else {
    sql = `${column} ${BINARY[condition.op]!} ${params.add(condition.value)}`
  }
  return condition.negate ? `not (${sql})` : sql
}

export function orderSql(terms: OrderTerm[], alias: string): string {
  if (terms.length === 0) return ''
  const parts = terms.map(
    (t) =>
      `${alias}.${ident(t.column)}${t.desc ? ' desc' : ' asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
  )
  return ` order by ${parts.join(', ')}`
}

/** Per-embed options from `<embed>.<col>=…`, `<embed>.order=…`, `<embed>.limit=…`. */
export type EmbedOptions = {
  conditions: Condition[]
  order: OrderTerm[]
  limit: number | null
  offset: number | null
}

export type SelectContext = {
  cache: SchemaCache
  schema: string
  params: Params
  embedOptions: Map<string, EmbedOptions>
  /** Conditions the parent must satisfy because of `!inner` embeds. */
  innerConditions: string[]
  nextAlias: () => string
}

type Resolved = { target: Relation; toOne: boolean; joins: { child: string; parent: string }[] }

function resolveEmbed(
  ctx: SelectContext,
  parent: Relation,
  relation: string,
  hint: string | null,
): Resolved {
  const { cache, schema } = ctx
  const candidates: Resolved[] = []
  const hintMatches = (name: string, columns: string[]) =>
    hint === null || hint === name || (columns.length === 1 && columns[0] === hint)
  for (const fk of cache.foreignKeys) {
    if (fk.schema !== schema || fk.refSchema !== schema) continue
    const viaColumn =
      fk.table === parent.name && fk.columns.length === 1 && fk.columns[0] === relation
    if (
      fk.table === parent.name &&
      (fk.refTable === relation || viaColumn) &&
      hintMatches(fk.name, fk.columns)
    ) {
      const target = findRelation(cache, schema, fk.refTable)
      if (target) {
        candidates.push({
          target,
          toOne: true,
          joins: fk.columns.map((c, i) => ({ child: fk.refColumns[i]!, parent: c })),
        })
      }
    }
    if (fk.refTable === parent.name && fk.table === relation && hintMatches(fk.name, fk.columns)) {
      const target = findRelation(cache, schema, fk.table)
      if (target) {
        const key = [...fk.columns].sort().join(',')
        const unique = target.uniques.some((u) => [...u].sort().join(',') === key)
        candidates.push({
          target,
          toOne: unique,
          joins: fk.columns.map((c, i) => ({ child: c, parent: fk.refColumns[i]! })),
        })
      }
    }
  }
  if (candidates.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${relation}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
    )
  }
  if (candidates.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
      null,
      `Try changing '${relation}' to one of the following: ${cache.foreignKeys
        .filter(
          (fk) =>
            (fk.table === parent.name && fk.refTable === relation) ||
            (fk.refTable === parent.name && fk.table === relation),
        )
        .map((fk) => `'${relation}!${fk.name}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    )
  }
  return candidates[0]!
}

/** The select list for one relation, with embedded resources as correlated subqueries. */
export function selectListSql(
  ctx: SelectContext,
  relation: Relation,
  alias: string,
  items: SelectItem[],
  path = '',
): string {
  const parts: string[] = []
  for (const item of items) {
    if (item.kind === 'star') parts.push(`${alias}.*`)
    else if (item.kind === 'column') {
      if (!relation.columns.includes(item.name)) {
        throw new RestError(400, '42703', `column ${relation.name}.${item.name} does not exist`)
      }
      const cast = item.cast ? `::${item.cast}` : ''
      parts.push(`${alias}.${ident(item.name)}${cast} as ${ident(item.alias ?? item.name)}`)
    } else {
      const resolved = resolveEmbed(ctx, relation, item.relation, item.hint)
      const name = item.alias ?? item.relation
      const options = ctx.embedOptions.get(name) ?? ctx.embedOptions.get(item.relation)
      const inner = ctx.nextAlias()
      const join = resolved.joins.map(
        (j) => `${inner}.${ident(j.child)} = ${alias}.${ident(j.parent)}`,
      )
      const conditions = (options?.conditions ?? []).map((c) => conditionSql(c, inner, ctx.params))
      const where = [...join, ...conditions].join(' and ')
      const from = `${ident(resolved.target.schema)}.${ident(resolved.target.name)} as ${inner}`
      const columns = selectListSql(ctx, resolved.target, inner, item.select, `${path}${name}.`)
      if (item.inner) ctx.innerConditions.push(`exists (select 1 from ${from} where ${where})`)
      if (resolved.toOne) {
        parts.push(
          `(select row_to_json(_j) from (select ${columns} from ${from} where ${where} limit 1) _j) as ${ident(name)}`,
        )
      } else {
        const order = orderSql(options?.order ?? [], inner)
        const limit = options?.limit != null ? ` limit ${options.limit}` : ''
        const offset = options?.offset != null ? ` offset ${options.offset}` : ''
        parts.push(
          `coalesce((select json_agg(_j) from (select ${columns} from ${from} where ${where}${order}${limit}${offset}) _j), '[]'::json) as ${ident(name)}`,
        )
      }
    }
  }
  return parts.length > 0 ? parts.join(', ') : `${alias}.*`
}
