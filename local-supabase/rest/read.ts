/** SQL for reads (GET/HEAD on a table or view) from a resolved plan: pure, no database access. */
import type { Statement } from '../db/types.ts'
import type { Query } from './query.ts'
import type { ResolvedItem } from './resolve.ts'
import type { Relation } from './schema-cache.ts'
import * as sql from './sql.ts'

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
  const params = new sql.Params()
  const alias = '_t0'
  const sctx = sql.selectContext(params)
  const scope: sql.Scope = { alias }
  const columns = sql.selectListSql(sctx, alias, plan.select)
  let where = sql.whereSql(scope, query.conditions, params)
  if (sctx.innerConditions.length > 0) {
    where += `${where ? ' and ' : ' where '}${sctx.innerConditions.join(' and ')}`
  }
  const from = `${sql.tableSql(relation)} as ${alias}`
  const limit = Math.min(query.limit ?? plan.maxRows, plan.maxRows)
  const source = `select ${columns} from ${from}${where}${sql.orderSql(scope, query.order)}${sql.pageSql(limit, query.offset)}`
  return {
    page: { sql: sql.bodySql(source, plan.stripNulls), params: params.values },
    count: { sql: `select 1 from ${from}${where}`, params: params.values },
  }
}
