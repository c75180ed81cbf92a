/**
 * SQL for RPC (POST/GET /rpc/fn) from a resolved plan: the chosen function
 * (find-function.ts) called with its arguments, shaped by what it returns.
 * Pure, no database access.
 */
import type { Statement } from '../db/types.ts'
import type { Chosen } from './find-function.ts'
import type { Query } from './query.ts'
import type { ResolvedItem } from './resolve.ts'
import type { FunctionArg, Relation } from './schema-cache.ts'
import {
  bodySql,
  ident,
  orderSql,
  pageSql,
  Params,
  selectContext,
  selectListSql,
  whereSql,
  type Scope,
} from './sql.ts'

function argExpression(arg: FunctionArg, value: unknown, raw: boolean, params: Params): string {
  if (raw) return `${params.add(value)}::${arg.type}`
  if (value === null || value === undefined) return `null::${arg.type}`
  if (arg.type === 'json' || arg.type === 'jsonb')
    return `${params.add(JSON.stringify(value))}::${arg.type}`
  if (arg.isArray && Array.isArray(value)) {
    const element = arg.type.replace(/\[\]$/, '')
    return `array(select _e::${element} from json_array_elements_text(${params.add(JSON.stringify(value))}::json) _e)::${arg.type}`
  }
  if (arg.category === 'C' && typeof value === 'object') {
    return `json_populate_record(null::${arg.type}, ${params.add(JSON.stringify(value))}::json)`
  }
  return `${params.add(typeof value === 'object' ? JSON.stringify(value) : String(value))}::${arg.type}`
}

export type CallPlan = {
  chosen: Chosen
  query: Query
  stripNulls: boolean
  /** The table a composite result is a row of (null: another row type, or not rows). */
  relation: Relation | null
  select: ResolvedItem[]
}

export type CallStatements = {
  /** void: run and answer 204. scalar: one JSON value. rows: a body row (n, body, first). */
  shape: 'void' | 'scalar' | 'object' | 'rows'
  call: Statement
  /** Rows for Prefer: count (set-returning functions). */
  count: Statement | null
}

/** Whether the function returns rows (a composite or record type) rather than a value. */
export const returnsRows = (chosen: Chosen) =>
  chosen.fn.returnKind === 'c' || chosen.fn.returnKind === 'p'

export function buildCall(plan: CallPlan): CallStatements {
  const { fn } = plan.chosen
  const { query } = plan
  const params = new Params()
  const argSql = plan.chosen.args.map(({ arg, value, raw }) =>
    arg.name === ''
      ? argExpression(arg, value, raw, params)
      : `${ident(arg.name)} := ${argExpression(arg, value, raw, params)}`,
  )
  const call = `${ident(fn.schema)}.${ident(fn.name)}(${argSql.join(', ')})`
  if (fn.isVoid)
    return { shape: 'void', call: { sql: `select ${call}`, params: params.values }, count: null }
  if (!returnsRows(plan.chosen)) {
    if (!fn.returnsSet) {
      const sql = `select ${plan.stripNulls ? 'json_strip_nulls' : ''}(to_json(${call}))::text as body`
      return { shape: 'scalar', call: { sql, params: params.values }, count: null }
    }
    const source = `select _v from ${call} as _t0(_v)`
    const sql = `select count(*)::int as n, coalesce(json_agg(_r._v), '[]')::text as body, (json_agg(_r._v)->0)::text as first from (${source}) _r`
    return {
      shape: 'rows',
      call: { sql, params: params.values },
      count: { sql: `select 1 from ${call} as _t0`, params: params.values },
    }
  }
  const scope: Scope = { alias: '_t0' }
  const columns = selectListSql(selectContext(params), '_t0', plan.select)
  const where = whereSql(scope, query.conditions, params)
  const source = `select ${columns} from ${call} as _t0${where}${orderSql(scope, query.order)}${pageSql(query.limit, query.offset)}`
  return {
    shape: fn.returnsSet ? 'rows' : 'object',
    call: { sql: bodySql(source, plan.stripNulls), params: params.values },
    count: { sql: `select 1 from ${call} as _t0${where}`, params: params.values },
  }
}
