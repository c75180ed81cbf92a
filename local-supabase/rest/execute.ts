/**
 * The query and the reply (PostgREST's Query.hs and Response.hs): a plan's
 * statements run in the request's transaction, and their rows become the
 * answer's status, headers and body.
 */
import type { Queryable, Statement } from '../db/types.ts'
import { buildCall } from './call.ts'
import { RestError } from './errors.ts'
import { buildMutation, deleteMutation, insertMutation, updateMutation } from './mutate.ts'
import type { Negotiated } from './negotiate.ts'
import type { MutationMethod, Plan } from './plan.ts'
import type { Prefer } from './prefer.ts'
import { buildRead, type ReadPlan } from './read.ts'
import { contentRange, rowsReply, singleError, type BodyRow, type Reply } from './reply.ts'
import type { MutatePlan } from './mutate.ts'
import type { CallPlan } from './call.ts'

/** What running a plan needs besides the plan: the transaction and the request's choices. */
export type Execution = {
  tx: Queryable
  prefer: Prefer
  negotiated: Negotiated
  maxRows: number
}

export function execute(plan: Plan, run: Execution): Promise<Reply> {
  if (plan.kind === 'read') return executeRead(plan.read, run)
  if (plan.kind === 'mutate') return executeMutation(plan.mutate, plan.method, run)
  return executeCall(plan.call, run)
}

async function executeRead(plan: ReadPlan, run: Execution): Promise<Reply> {
  const built = buildRead(plan)
  const rows = await bodyRow(run.tx, built.page)
  const total = run.prefer.count ? await countRows(run, built.count, run.prefer.count) : null
  const first = plan.query.offset
  if (total !== null && first > 0 && first >= total && rows.n === 0) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${first} was requested, but there are only ${total} rows.`,
    )
  }
  const partial = total !== null && rows.n < total
  return rowsReply(partial ? 206 : 200, rows, run.negotiated, {
    'Content-Range': contentRange(first, rows.n, total),
    'Content-Location': `/${plan.relation.name}`,
  })
}

async function executeMutation(
  plan: MutatePlan,
  method: MutationMethod,
  run: Execution,
): Promise<Reply> {
  const { prefer } = run
  const representation = prefer.return === 'representation'
  const mutation =
    method === 'POST'
      ? insertMutation(plan)
      : method === 'PATCH'
        ? updateMutation(plan)
        : deleteMutation(plan)
  if (!mutation) {
    // PATCH with an empty object: nothing to change
    return representation
      ? rowsReply(200, { n: 0, body: '[]', first: null }, run.negotiated, {
          'Content-Range': '*/*',
        })
      : { status: 204, body: null, headers: { 'Content-Range': '*/*' } }
  }
  const statement = buildMutation(plan, mutation)
  const { rows } = await run.tx.query<BodyRow & { inserted: number }>(
    statement.sql,
    statement.params,
  )
  const row = rows[0] ?? { n: 0, inserted: 0, body: '[]', first: null }
  // Upserts that inserted nothing (every row already there) answer 200, as PostgREST.
  const created =
    method === 'POST' &&
    !(prefer.resolution === 'merge-duplicates' && row.n > 0 && row.inserted === 0)
  const range = `*/${prefer.count ? row.n : '*'}`
  if (!representation) {
    return {
      status: method === 'POST' ? (created ? 201 : 200) : 204,
      body: null,
      headers: { 'Content-Range': range },
    }
  }
  return rowsReply(created ? 201 : 200, row, run.negotiated, { 'Content-Range': range })
}

async function executeCall(plan: CallPlan, run: Execution): Promise<Reply> {
  const built = buildCall(plan)
  const { tx, prefer, negotiated } = run
  if (built.shape === 'void') {
    await tx.query(built.call.sql, built.call.params)
    return { status: 204, body: null, headers: {} }
  }
  if (built.shape === 'scalar') {
    const { rows } = await tx.query<{ body: string | null }>(
      built.call.sql,
      built.call.params,
      { reusable: true }, // its one column is the result as JSON text
    )
    return {
      status: 200,
      body: rows[0]?.body ?? 'null',
      headers: {
        'Content-Type': negotiated.contentType,
        'Content-Range': contentRange(0, 1, prefer.count ? 1 : null),
      },
    }
  }
  const rows = await bodyRow(tx, built.call)
  if (built.shape === 'object') {
    if (negotiated.single && rows.n !== 1) throw singleError(rows.n)
    return {
      status: 200,
      body: rows.first ?? 'null',
      headers: {
        'Content-Type': negotiated.contentType,
        'Content-Range': contentRange(0, rows.n, prefer.count ? rows.n : null),
      },
    }
  }
  const total = prefer.count && built.count ? await countRows(run, built.count, prefer.count) : null
  const partial = total !== null && rows.n < total
  return rowsReply(partial ? 206 : 200, rows, negotiated, {
    'Content-Range': contentRange(plan.query.offset, rows.n, total),
  })
}

/** `Prefer: count=…`: exact counts every row; planned is the planner's estimate; estimated is exact up to max-rows. */
async function countRows(
  run: Execution,
  statement: Statement,
  kind: NonNullable<Prefer['count']>,
): Promise<number> {
  const exact = async () => {
    const { rows } = await run.tx.query<{ total: number }>(
      `select count(*)::int as total from (${statement.sql}) _c`,
      statement.params,
    )
    return rows[0]?.total ?? 0
  }
  if (kind === 'exact') return exact()
  const { rows } = await run.tx.query<{ plan: unknown }>(
    `explain (format json) ${statement.sql}`,
    statement.params,
  )
  const planned = planRows(rows[0])
  if (kind === 'estimated' && planned <= run.maxRows) return exact()
  return planned
}

/** Runs one of the builders' body statements: its columns are always n, body and first. */
async function bodyRow(tx: Queryable, statement: Statement): Promise<BodyRow> {
  const { rows } = await tx.query<BodyRow>(statement.sql, statement.params, { reusable: true })
  return rows[0] ?? { n: 0, body: '[]', first: null }
}

/** "Plan Rows" of `explain (format json)`, whatever the driver made of the JSON column. */
function planRows(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
}
