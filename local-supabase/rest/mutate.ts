/**
 * SQL for writes (POST insert/upsert, PATCH, DELETE) from a resolved plan:
 * pure, no database access. Every statement reports how many rows it touched
 * and, for upserts on tables, how many of them were inserted (PostgREST
 * answers 200 when none was).
 */
import type { Statement } from '../db/types.ts'
import type { Prefer } from './prefer.ts'
import type { Query } from './query.ts'
import type { ResolvedItem } from './resolve.ts'
import type { Relation } from './schema-cache.ts'
import {
  bodySql,
  ident,
  Params,
  selectContext,
  selectListSql,
  tableSql,
  whereSql,
  type Scope,
} from './sql.ts'

export type MutatePlan = {
  relation: Relation
  query: Query
  prefer: Prefer
  stripNulls: boolean
  /** The body's rows (one for PATCH) and the columns written (checked against the relation). */
  rows: Record<string, unknown>[]
  columns: string[]
  /** Upserts: the conflict target (on_conflict=, else the primary key). */
  conflict: string[]
  /** `return=representation`: what each written row answers with. */
  select: ResolvedItem[]
}

/** A write: the statement without RETURNING, and whether `xmax` tells inserts apart. */
export type Mutation = { sql: string; params: Params; tracksInserts: boolean }

export function insertMutation(plan: MutatePlan): Mutation {
  const { relation, prefer, rows, columns } = plan
  const params = new Params()
  const table = tableSql(relation)
  const isTable = relation.kind === 'r' || relation.kind === 'p'
  if (columns.length === 0) {
    return { sql: `insert into ${table} as _t0 default values`, params, tracksInserts: false }
  }
  const list = columns.map(ident).join(', ')
  const source = params.add(JSON.stringify(rows))
  let sql = `insert into ${table} as _t0 (${list}) select ${list} from json_populate_recordset(null::${table}, ${source}::json) _src`
  if (!prefer.resolution) return { sql, params, tracksInserts: false }
  const target = plan.conflict
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

/** null: an empty PATCH body, nothing to change. */
export function updateMutation(plan: MutatePlan): Mutation | null {
  const { relation, columns } = plan
  if (columns.length === 0) return null
  const params = new Params()
  const table = tableSql(relation)
  const source = params.add(JSON.stringify(plan.rows[0]))
  const scope: Scope = { alias: '_t0' }
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
  const where = whereSql({ alias: '_t0' }, plan.query.conditions, params)
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
  const columns = selectListSql(selectContext(mutation.params), '_t0', plan.select)
  const body = bodySql(`select ${columns} from (select (_row).* from _m0) as _t0`, plan.stripNulls)
  return {
    sql: `${cte}, _b as (${body}) select _b.n, _b.body, _b.first, (select count(*) from _m0 where _ins)::int as inserted from _b`,
    params: mutation.params.values,
  }
}
