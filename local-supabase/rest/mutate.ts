/**
 * Plan to SQL for writes (POST insert/upsert, PATCH, DELETE): pure, no database
 * access. Every statement reports how many rows it touched and, for upserts on
 * tables, how many of them were inserted (PostgREST answers 200 when none was).
 */
import type { Statement } from '../db/types.ts'
import { parseError, RestError, unsupported } from './errors.ts'
import { parseColumnList } from './parse.ts'
import type { Prefer } from './prefer.ts'
import type { Query } from './query.ts'
import type { Relation, SchemaCache } from './schema-cache.ts'
import {
  bodySql,
  column,
  ident,
  Params,
  selectContext,
  selectListSql,
  tableSql,
  whereSql,
  type Scope,
} from './sql.ts'

export type MutatePlan = {
  cache: SchemaCache
  schema: string
  relation: Relation
  query: Query
  prefer: Prefer
  stripNulls: boolean
  /** The parsed JSON body (insert, update). */
  body?: unknown
  /** `columns=` and `on_conflict=` query parameters. */
  columns?: string | null
  onConflict?: string | null
}

/** A write: the statement without RETURNING, and whether `xmax` tells inserts apart. */
type Mutation = { sql: string; params: Params; tracksInserts: boolean }

function payload(plan: MutatePlan): { rows: Record<string, unknown>[]; columns: string[] } {
  const { body, relation } = plan
  const rows = Array.isArray(body) ? body : [body ?? {}]
  if (!rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'All object keys must match')
  }
  const records = rows as Record<string, unknown>[]
  const columns = plan.columns
    ? parseColumnList(plan.columns)
    : [...new Set(records.flatMap((r) => Object.keys(r)))]
  for (const name of columns) {
    if (!relation.columns.includes(name)) {
      throw new RestError(
        400,
        'PGRST204',
        `Could not find the '${name}' column of '${relation.name}' in the schema cache`,
      )
    }
  }
  return { rows: records, columns }
}

export function insertMutation(plan: MutatePlan): Mutation {
  const { relation, prefer } = plan
  if (plan.query.conditions.length > 0) throw parseError('Filters are not allowed on insert')
  if (prefer.missing === 'default') throw unsupported('Prefer: missing=default')
  const { rows, columns } = payload(plan)
  const params = new Params()
  const table = tableSql(relation)
  const isTable = relation.kind === 'r' || relation.kind === 'p'
  if (columns.length === 0) {
    if (rows.length !== 1) throw unsupported('inserting several empty objects')
    return { sql: `insert into ${table} as _t0 default values`, params, tracksInserts: false }
  }
  const list = columns.map(ident).join(', ')
  const source = params.add(JSON.stringify(rows))
  let sql = `insert into ${table} as _t0 (${list}) select ${list} from json_populate_recordset(null::${table}, ${source}::json) _src`
  if (prefer.resolution) {
    const target = plan.onConflict ? parseColumnList(plan.onConflict) : relation.primaryKey
    if (target.length === 0)
      throw parseError('on_conflict is required: the table has no primary key')
    for (const name of target) column(plan.cache, relation, '_t0', name)
    const conflict = ` on conflict (${target.map(ident).join(', ')})`
    if (prefer.resolution === 'ignore-duplicates') {
      sql += `${conflict} do nothing`
    } else {
      // A body holding only the conflict columns still "updates" them, so the row comes back.
      const updates = columns.filter((c) => !target.includes(c))
      const set = (updates.length > 0 ? updates : target).map(
        (c) => `${ident(c)} = excluded.${ident(c)}`,
      )
      sql += `${conflict} do update set ${set.join(', ')}`
    }
    return { sql, params, tracksInserts: isTable }
  }
  return { sql, params, tracksInserts: false }
}

export function updateMutation(plan: MutatePlan): Mutation | null {
  const { relation } = plan
  const { rows, columns } = payload(plan)
  if (rows.length !== 1)
    throw new RestError(400, 'PGRST102', 'A PATCH body must be a single JSON object')
  if (columns.length === 0) return null
  const params = new Params()
  const table = tableSql(relation)
  const source = params.add(JSON.stringify(rows[0]))
  const scope: Scope = { cache: plan.cache, relation, alias: '_t0' }
  const where = whereSql(scope, plan.query.conditions, params)
  const set = columns.map((c) => `${ident(c)} = _src.${ident(c)}`).join(', ')
  return {
    sql: `update ${table} as _t0 set ${set} from json_populate_record(null::${table}, ${source}::json) _src${where}`,
    params,
    tracksInserts: false,
  }
}

export function deleteMutation(plan: MutatePlan): Mutation {
  const params = new Params()
  const scope: Scope = { cache: plan.cache, relation: plan.relation, alias: '_t0' }
  const where = whereSql(scope, plan.query.conditions, params)
  return {
    sql: `delete from ${tableSql(plan.relation)} as _t0${where}`,
    params,
    tracksInserts: false,
  }
}

/**
 * The statement answering a write in one row: `n` rows touched, `inserted`
 * of them new, and with `return=representation` the body (and first row).
 */
export function buildMutation(plan: MutatePlan, mutation: Mutation): Statement {
  const inserted = mutation.tracksInserts ? '(_t0.xmax = 0)' : 'true'
  const cte = `with _m0 as (${mutation.sql} returning _t0 as _row, ${inserted} as _ins)`
  const counts = `(select count(*) from _m0)::int as n, (select count(*) from _m0 where _ins)::int as inserted`
  if (plan.prefer.return !== 'representation') {
    return { sql: `${cte} select ${counts}`, params: mutation.params.values }
  }
  const sctx = selectContext(plan.cache, plan.schema, mutation.params, plan.query.embedOptions)
  const columns = selectListSql(sctx, plan.relation, '_t0', plan.query.select)
  const body = bodySql(`select ${columns} from (select (_row).* from _m0) as _t0`, plan.stripNulls)
  return {
    sql: `${cte}, _b as (${body}) select _b.n, _b.body, _b.first, (select count(*) from _m0 where _ins)::int as inserted from _b`,
    params: mutation.params.values,
  }
}
