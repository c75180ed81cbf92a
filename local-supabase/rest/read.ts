/** SQL for reads (GET/HEAD on a table or view) from a resolved plan: pure, no database access. */
import type { Statement } from '../db/types.ts'
import type { Query } from './query.ts'
import type { ResolvedItem } from './resolve.ts'
import type { Relation } from './schema-cache.ts'
import {
  bodySql,
  orderSql,
  pageSql,
  Params,
  selectContext,
  selectListSql,
  tableSql,
  whereSql,
  type Scope,
} from './sql.ts'

export type ReadPlan = {
  relation: Relation
  query: Query
  select: ResolvedItem[]
  maxRows: number
  stripNulls: boolean
}

/** The page as one row (n, body, first) and the statement counting every matching row. */
export function buildRead(plan: ReadPlan): { page: Statement; count: Statement } {
  const { query, relation } = plan
  const params = new Params()
  const alias = '_t0'
  const sctx = selectContext(params)
  const scope: Scope = { alias }
  const columns = selectListSql(sctx, alias, plan.select)
  let where = whereSql(scope, query.conditions, params)
  if (sctx.innerConditions.length > 0) {
    where += `${where ? ' and ' : ' where '}${sctx.innerConditions.join(' and ')}`
  }
  const from = `${tableSql(relation)} as ${alias}`
  const limit = Math.min(query.limit ?? plan.maxRows, plan.maxRows)
  const source = `select ${columns} from ${from}${where}${orderSql(scope, query.order)}${pageSql(limit, query.offset)}`
  return {
    page: { sql: bodySql(source, plan.stripNulls), params: params.values },
    count: { sql: `select 1 from ${from}${where}`, params: params.values },
  }
}
