/**
 * postgres_changes without logical replication: the stack installs (at start,
 * never in migrations) a row trigger on every table of the `supabase_realtime`
 * publication that records the change in `_local_realtime.changes` and notifies
 * its id. Each change is read once, matched against the subscriptions' event and
 * filters, and re-selected under each distinct subscriber identity when the table
 * has RLS (protocols reference §3.5, §3.7).
 */
import type { Logger } from 'pino'
import type { Database } from '../db/types.ts'
import { actAs, inRolledBackTransaction, type Identity } from './authorize.ts'
import { quoteIdent } from '../sql-ident.ts'

const NOTIFY_CHANNEL = '_local_realtime_changes'
const OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const
type Operator = (typeof OPERATORS)[number]
type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'

export type Condition = { column: string; op: Operator; value: string | string[] }

export type PgSubscription = {
  id: number
  event: '*' | ChangeType
  schema: string
  table: string | null
  conditions: Condition[]
}

export type ChangePayload = {
  ids: number[]
  data: {
    schema: string
    table: string
    commit_timestamp: string
    type: ChangeType
    columns: { name: string; type: string }[]
    record?: Record<string, unknown>
    old_record?: Record<string, unknown>
    errors: string[] | null
  }
}

export type PgSubscriber = {
  identity: Identity
  subscriptions: readonly PgSubscription[]
  deliver(payload: ChangePayload): void
}

type TableInfo = {
  columns: { name: string; type: string }[]
  primaryKey: string[]
  rls: boolean
  replicaFull: boolean
}

type ChangeRow = {
  schema_name: string
  table_name: string
  type: ChangeType
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  committed_at: string | Date
}

const SETUP_SQL = `
create schema if not exists _local_realtime;
create table if not exists _local_realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);
create or replace function _local_realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  change_id bigint;
begin
  insert into _local_realtime.changes (schema_name, table_name, type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          case when tg_op = 'INSERT' then null else to_jsonb(old) end)
  returning id into change_id;
  perform pg_notify('${NOTIFY_CHANNEL}', change_id::text);
  return null;
end
$$;
`

/** A stable positive 32-bit id per subscription params (Realtime uses :erlang.phash2). */
export function subscriptionId(params: unknown): number {
  const text = JSON.stringify(params)
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0) % 134217728
}

/** `col=op.value[,col=op.value…]` (AND-ed); throws with Realtime's wording. */
export function parseFilter(filter: string): Condition[] {
  const conditions: Condition[] = []
  const pattern = /([^=,]+)=([a-z]+)\.(\([^)]*\)|[^,]*)(,|$)/gy
  let match: RegExpExecArray | null
  while (pattern.lastIndex < filter.length && (match = pattern.exec(filter)) !== null) {
    const [, column = '', op = '', raw = ''] = match
    if (!(OPERATORS as readonly string[]).includes(op)) {
      throw new Error(`Error parsing \`filter\` params: unsupported operator "${op}"`)
    }
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')')) {
        throw new Error('Error parsing `filter` params: in requires a list like in.(a,b)')
      }
      const values = raw
        .slice(1, -1)
        .split(',')
        .map((v) => v.trim())
      if (values.length > 100)
        throw new Error('Error parsing `filter` params: too many values for in')
      conditions.push({ column: column.trim(), op: 'in', value: values })
    } else {
      conditions.push({ column: column.trim(), op: op as Operator, value: raw })
    }
    if (match[4] === '') break
  }
  if (filter.trim() !== '' && (conditions.length === 0 || pattern.lastIndex < filter.length)) {
    throw new Error(`Error parsing \`filter\` params: ${filter}`)
  }
  return conditions
}

function compare(actual: unknown, expected: string): number | null {
  if (actual === null || actual === undefined) return null
  const text = typeof actual === 'object' ? JSON.stringify(actual) : String(actual)
  const a = Number(text)
  const b = Number(expected)
  if (text.trim() !== '' && expected.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) {
    return a === b ? 0 : a < b ? -1 : 1
  }
  return text === expected ? 0 : text < expected ? -1 : 1
}

export function matchesConditions(row: Record<string, unknown>, conditions: Condition[]): boolean {
  return conditions.every(({ column, op, value }) => {
    if (op === 'in') return (value as string[]).some((v) => compare(row[column], v) === 0)
    const order = compare(row[column], value as string)
    if (order === null) return false
    switch (op) {
      case 'eq':
        return order === 0
      case 'neq':
        return order !== 0
      case 'lt':
        return order < 0
      case 'lte':
        return order <= 0
      case 'gt':
        return order > 0
      case 'gte':
        return order >= 0
    }
  })
}

function isChangeEvent(value: unknown): value is PgSubscription['event'] {
  return value === '*' || value === 'INSERT' || value === 'UPDATE' || value === 'DELETE'
}

export class PostgresChanges {
  private readonly tables = new Map<string, TableInfo>()
  private readonly columnGrants = new Map<string, Set<string>>()
  private readonly triggered = new Set<string>()
  private unlisten: (() => Promise<void>) | null = null
  private queue: Promise<void> = Promise.resolve()
  private ready: Promise<void> | null = null

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly subscribers: () => Iterable<PgSubscriber>,
  ) {}

  /** Installs the capture schema and triggers and starts listening (idempotent). */
  start(): Promise<void> {
    this.ready ??= (async () => {
      await this.db.exec(SETUP_SQL)
      const published = await this.db.query<{ schemaname: string; tablename: string }>(
        `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
      )
      for (const row of published.rows) await this.ensureTrigger(row.schemaname, row.tablename)
      this.unlisten = await this.db.listen(NOTIFY_CHANNEL, (payload) => {
        this.queue = this.queue
          .then(() => this.dispatch(payload))
          .catch((error: unknown) => {
            this.log.error({ err: error }, 'realtime: postgres_changes dispatch failed')
          })
      })
    })()
    return this.ready
  }

  async stop(): Promise<void> {
    await this.unlisten?.()
    this.unlisten = null
    await this.queue
  }

  private async ensureTrigger(schema: string, table: string): Promise<void> {
    const key = `${schema}.${table}`
    if (this.triggered.has(key)) return
    const target = `${quoteIdent(schema)}.${quoteIdent(table)}`
    await this.db.exec(
      `drop trigger if exists _local_realtime_capture on ${target};
       create trigger _local_realtime_capture after insert or update or delete on ${target}
       for each row execute function _local_realtime.capture();`,
    )
    this.triggered.add(key)
  }

  /** Validates one join binding and returns the subscription; throws Realtime's error text. */
  async prepare(params: Record<string, unknown>): Promise<PgSubscription> {
    await this.start()
    const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*'
    const schema = typeof params.schema === 'string' ? params.schema : 'public'
    const rawTable = typeof params.table === 'string' ? params.table : null
    const table = rawTable === '*' ? null : rawTable
    const filter = typeof params.filter === 'string' ? params.filter : ''
    const describe = `[event: ${event}, schema: ${schema}, table: ${rawTable ?? '*'}, filters: [${filter}], select: nil]`
    const failure = `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe}`
    if (!isChangeEvent(event)) throw new Error(failure)
    const conditions = parseFilter(filter)
    const published = await this.db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = $1 and ($2::text is null or tablename = $2)`,
      [schema, table],
    )
    if (published.rows.length === 0) throw new Error(failure)
    for (const row of published.rows) await this.ensureTrigger(schema, row.tablename)
    if (table !== null && conditions.length > 0) {
      const info = await this.tableInfo(schema, table)
      for (const condition of conditions) {
        if (!info.columns.some((c) => c.name === condition.column)) throw new Error(failure)
      }
    }
    return { id: subscriptionId(params), event, schema, table, conditions }
  }

  private async tableInfo(schema: string, table: string): Promise<TableInfo> {
    const key = `${schema}.${table}`
    const cached = this.tables.get(key)
    if (cached) return cached
    const target = `${quoteIdent(schema)}.${quoteIdent(table)}`
    const columns = await this.db.query<{ name: string; type: string }>(
      `select a.attname as name, t.typname as type from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [target],
    )
    const primaryKey = await this.db.query<{ name: string }>(
      `select a.attname as name from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = $1::regclass and i.indisprimary`,
      [target],
    )
    const cls = await this.db.query<{ relrowsecurity: boolean; relreplident: string }>(
      'select relrowsecurity, relreplident from pg_class where oid = $1::regclass',
      [target],
    )
    const info: TableInfo = {
      columns: columns.rows,
      primaryKey: primaryKey.rows.map((r) => r.name),
      rls: cls.rows[0]?.relrowsecurity === true,
      replicaFull: cls.rows[0]?.relreplident === 'f',
    }
    this.tables.set(key, info)
    return info
  }

  private async visibleColumns(role: string, schema: string, table: string): Promise<Set<string>> {
    const key = `${role}|${schema}.${table}`
    const cached = this.columnGrants.get(key)
    if (cached) return cached
    let names = new Set<string>()
    try {
      const result = await this.db.query<{ name: string }>(
        `select a.attname as name from pg_attribute a
         where a.attrelid = $2::regclass and a.attnum > 0 and not a.attisdropped
           and has_column_privilege($1, a.attrelid, a.attnum, 'SELECT')`,
        [role, `${quoteIdent(schema)}.${quoteIdent(table)}`],
      )
      names = new Set(result.rows.map((r) => r.name))
    } catch {
      // unknown role: sees nothing
    }
    this.columnGrants.set(key, names)
    return names
  }

  private async dispatch(idText: string): Promise<void> {
    const result = await this.db.query<ChangeRow>(
      `delete from _local_realtime.changes where id = $1
       returning schema_name, table_name, type, record, old_record, committed_at`,
      [idText],
    )
    const change = result.rows[0]
    if (!change) return
    const subject = change.type === 'DELETE' ? change.old_record : change.record
    if (!subject) return
    const targets: { subscriber: PgSubscriber; ids: number[] }[] = []
    for (const subscriber of this.subscribers()) {
      const ids = subscriber.subscriptions
        .filter(
          (s) =>
            s.schema === change.schema_name &&
            (s.table === null || s.table === change.table_name) &&
            (s.event === '*' || s.event === change.type) &&
            matchesConditions(subject, s.conditions),
        )
        .map((s) => s.id)
      if (ids.length > 0) targets.push({ subscriber, ids })
    }
    if (targets.length === 0) return
    const info = await this.tableInfo(change.schema_name, change.table_name)
    const commitTimestamp = new Date(change.committed_at).toISOString()
    const verdicts = new Map<string, Promise<boolean>>()
    for (const { subscriber, ids } of targets) {
      const { role, claims } = subscriber.identity
      const identityKey = `${role}|${JSON.stringify(claims)}`
      let visible = verdicts.get(identityKey)
      if (!visible) {
        visible =
          change.type !== 'DELETE' && info.rls
            ? this.rowVisible(subscriber.identity, change, info)
            : Promise.resolve(true)
        verdicts.set(identityKey, visible)
      }
      if (!(await visible)) continue
      const columns = await this.visibleColumns(role, change.schema_name, change.table_name)
      subscriber.deliver({
        ids,
        data: this.shape(change, info, columns, commitTimestamp),
      })
    }
  }

  private shape(
    change: ChangeRow,
    info: TableInfo,
    visible: Set<string>,
    commitTimestamp: string,
  ): ChangePayload['data'] {
    const pick = (row: Record<string, unknown>, names: (name: string) => boolean) =>
      Object.fromEntries(Object.entries(row).filter(([name]) => visible.has(name) && names(name)))
    const data: ChangePayload['data'] = {
      schema: change.schema_name,
      table: change.table_name,
      commit_timestamp: commitTimestamp,
      type: change.type,
      columns: info.columns.filter((c) => visible.has(c.name)),
      errors: info.primaryKey.length === 0 ? ['Error 400: Bad Request, no primary key'] : null,
    }
    if (change.record) data.record = pick(change.record, () => true)
    if (change.old_record) {
      const keyOnly = change.type === 'DELETE' ? info.rls || !info.replicaFull : !info.replicaFull
      data.old_record = pick(change.old_record, (n) => !keyOnly || info.primaryKey.includes(n))
    }
    return data
  }

  private async rowVisible(who: Identity, change: ChangeRow, info: TableInfo): Promise<boolean> {
    const record = change.record
    if (!record || info.primaryKey.length === 0) return false
    const where = info.primaryKey.map((name, i) => `${quoteIdent(name)} = $${i + 1}`).join(' and ')
    const values = info.primaryKey.map((name) => {
      const value = record[name]
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)
    })
    try {
      return await inRolledBackTransaction(this.db, async (tx) => {
        await actAs(tx, who, null)
        const found = await tx.query(
          `select 1 from ${quoteIdent(change.schema_name)}.${quoteIdent(change.table_name)} where ${where}`,
          values,
        )
        return found.rows.length > 0
      })
    } catch {
      return false
    }
  }
}
