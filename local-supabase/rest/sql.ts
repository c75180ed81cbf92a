/**
 * SQL fragments shared by the read, mutate and call builders. Identifiers are
 * always double-quoted (quotes doubled) and checked against the schema cache;
 * casts come from an allow-list (parse.ts); values only travel as parameters.
 */
import { RestError, unsupported } from './errors.ts'
import type { Condition, OrderTerm, SelectItem } from './parse.ts'
import type { EmbedOptions } from './query.ts'
import {
  findRelation,
  functionsOfRow,
  type ForeignKey,
  type Relation,
  type SchemaCache,
} from './schema-cache.ts'

export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

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

/**
 * The column a filter, order term or select item names, checked against the
 * relation: a computed field says it is unsupported, anything else unknown is
 * PostgREST's 42703.
 */
export function column(
  cache: SchemaCache,
  relation: Relation | null,
  alias: string,
  name: string,
): string {
  if (relation && !relation.columns.includes(name)) {
    if (functionsOfRow(cache, relation, name).length > 0) {
      throw unsupported(`computed field ${relation.name}.${name}`)
    }
    throw new RestError(400, '42703', `column ${relation.name}.${name} does not exist`)
  }
  return `${alias}.${ident(name)}`
}

export type Scope = { cache: SchemaCache; relation: Relation | null; alias: string }

export function conditionSql(scope: Scope, condition: Condition, params: Params): string {
  if (condition.kind === 'logic') {
    const parts = condition.children.map((child) => conditionSql(scope, child, params))
    const joined =
      parts.length === 0 ? 'true' : `(${parts.join(condition.op === 'or' ? ' or ' : ' and ')})`
    return condition.negate ? `not ${joined}` : joined
  }
  const col = column(scope.cache, scope.relation, scope.alias, condition.column)
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
      `${column(scope.cache, scope.relation, scope.alias, t.column)}${t.desc ? ' desc' : ' asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`,
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
  cache: SchemaCache
  schema: string
  params: Params
  embedOptions: Map<string, EmbedOptions>
  /** Conditions the parent must satisfy because of `!inner` embeds. */
  innerConditions: string[]
  nextAlias: () => string
}

export function selectContext(
  cache: SchemaCache,
  schema: string,
  params: Params,
  embedOptions: Map<string, EmbedOptions>,
): SelectContext {
  let n = 0
  return { cache, schema, params, embedOptions, innerConditions: [], nextAlias: () => `_t${++n}` }
}

type Resolved = { target: Relation; toOne: boolean; joins: { child: string; parent: string }[] }

function toParent(cache: SchemaCache, fk: ForeignKey): Resolved | null {
  const target = findRelation(cache, fk.refSchema, fk.refTable)
  return target
    ? {
        target,
        toOne: true,
        joins: fk.columns.map((c, i) => ({ child: fk.refColumns[i]!, parent: c })),
      }
    : null
}

function toChild(cache: SchemaCache, fk: ForeignKey): Resolved | null {
  const target = findRelation(cache, fk.schema, fk.table)
  if (!target) return null
  const key = [...fk.columns].sort().join(',')
  const unique = target.uniques.some((u) => [...u].sort().join(',') === key)
  return {
    target,
    toOne: unique,
    joins: fk.columns.map((c, i) => ({ child: c, parent: fk.refColumns[i]! })),
  }
}

function resolveEmbed(
  ctx: SelectContext,
  parent: Relation,
  relation: string,
  hint: string | null,
): Resolved {
  const { cache, schema } = ctx
  const candidates: Resolved[] = []
  const hintMatches = (fk: ForeignKey) =>
    hint === null || hint === fk.name || (fk.columns.length === 1 && fk.columns[0] === hint)
  const fks = cache.foreignKeys.filter((fk) => fk.schema === schema && fk.refSchema === schema)
  for (const fk of fks) {
    const viaColumn =
      fk.table === parent.name && fk.columns.length === 1 && fk.columns[0] === relation
    // The constraint's name as the target: `messages_user_id_fkey(*)`.
    const viaName = fk.name === relation && hint === null
    if (
      fk.table === parent.name &&
      (fk.refTable === relation || viaColumn || viaName) &&
      hintMatches(fk)
    ) {
      const resolved = toParent(cache, fk)
      if (resolved) candidates.push(resolved)
    }
    if (fk.refTable === parent.name && (fk.table === relation || viaName) && hintMatches(fk)) {
      // a self-reference named by its constraint resolves once, as the parent side
      if (!(viaName && fk.table === parent.name)) {
        const resolved = toChild(cache, fk)
        if (resolved) candidates.push(resolved)
      }
    }
  }
  if (candidates.length === 0) {
    explainMissingRelationship(ctx, parent, relation, hint, fks)
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
      `Try changing '${relation}' to one of the following: ${fks
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

/**
 * PostgREST embeds the local stack does not (computed relationships,
 * many-to-many through a join table) say so instead of "Could not find a
 * relationship", which would send a developer looking for a missing foreign key.
 */
function explainMissingRelationship(
  ctx: SelectContext,
  parent: Relation,
  relation: string,
  hint: string | null,
  fks: ForeignKey[],
) {
  if (functionsOfRow(ctx.cache, parent, relation).length > 0) {
    throw unsupported(`computed relationship ${parent.name} → ${relation}`)
  }
  const target = findRelation(ctx.cache, ctx.schema, relation)
  if (!target) return
  const junction = fks.some(
    (a) =>
      a.refTable === parent.name &&
      (hint === null || hint === a.table) &&
      fks.some((b) => b.table === a.table && b.name !== a.name && b.refTable === target.name),
  )
  if (junction) throw unsupported(`many-to-many embedding ${parent.name} → ${relation}`)
}

/** The select list for one relation, with embedded resources as correlated subqueries. */
export function selectListSql(
  ctx: SelectContext,
  relation: Relation,
  alias: string,
  items: SelectItem[],
): string {
  const parts: string[] = []
  for (const item of items) {
    if (item.kind === 'star') parts.push(`${alias}.*`)
    else if (item.kind === 'column') {
      const cast = item.cast ? `::${item.cast}` : ''
      parts.push(
        `${column(ctx.cache, relation, alias, item.name)}${cast} as ${ident(item.alias ?? item.name)}`,
      )
    } else {
      const resolved = resolveEmbed(ctx, relation, item.relation, item.hint)
      const name = item.alias ?? item.relation
      const options = ctx.embedOptions.get(name) ?? ctx.embedOptions.get(item.relation)
      const inner = ctx.nextAlias()
      const innerScope: Scope = { cache: ctx.cache, relation: resolved.target, alias: inner }
      const join = resolved.joins.map(
        (j) => `${inner}.${ident(j.child)} = ${alias}.${ident(j.parent)}`,
      )
      const conditions = (options?.conditions ?? []).map((c) =>
        conditionSql(innerScope, c, ctx.params),
      )
      const where = [...join, ...conditions].join(' and ')
      const from = `${tableSql(resolved.target)} as ${inner}`
      if (item.inner) ctx.innerConditions.push(`exists (select 1 from ${from} where ${where})`)
      // `rel()`: used for filtering only, not part of the response
      if (item.select.length === 0) continue
      const columns = selectListSql(ctx, resolved.target, inner, item.select)
      if (resolved.toOne) {
        parts.push(
          `(select row_to_json(_j) from (select ${columns} from ${from} where ${where} limit 1) _j) as ${ident(name)}`,
        )
      } else {
        const order = orderSql(innerScope, options?.order ?? [])
        const page = pageSql(options?.limit ?? null, options?.offset ?? null)
        parts.push(
          `coalesce((select json_agg(_j) from (select ${columns} from ${from} where ${where}${order}${page}) _j), '[]'::json) as ${ident(name)}`,
        )
      }
    }
  }
  // only empty embeds: rows without columns (`{}`), as PostgREST answers
  return parts.length > 0 ? parts.join(', ') : items.length > 0 ? '' : `${alias}.*`
}
