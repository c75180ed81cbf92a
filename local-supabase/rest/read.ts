/** Plan to SQL for reads (GET/HEAD on a table or view): pure, no database access. */
import type { Statement } from '../db/types.ts'
import type { Query } from './query.ts'
import type { Relation, SchemaCache } from './schema-cache.ts'
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
  cache: SchemaCache
  schema: string
  relation: Relation
  query: Query
  maxRows: number
  stripNulls: boolean
}

/** The page as one row (n, body, first) and the statement counting every matching row. */
export function buildRead(plan: ReadPlan): { page: Statement; count: Statement } {
  const { query, relation } = plan
  const params = new Params()
  const alias = '_t0'
  const sctx = selectContext(plan.cache, plan.schema, params, query.embedOptions)
  const scope: Scope = { cache: plan.cache, relation, alias }
  const columns = selectListSql(sctx, relation, alias, query.select)
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
