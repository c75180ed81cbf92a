/**
 * src/types/database.types.ts in the shape of `supabase gen types typescript`
 * (Tables Row/Insert/Update/Relationships, Functions Args/Returns), read from a
 * migrated database (scripts/db-generate.ts).
 */
import { format, resolveConfig } from 'prettier'
import type { Database } from '../../local-supabase/db/types.ts'

type Column = {
  table_name: string
  column_name: string
  udt_name: string
  is_nullable: boolean
  has_default: boolean
  is_generated: boolean
}

type ForeignKey = {
  name: string
  table_name: string
  columns: string[]
  referenced_table: string
  referenced_columns: string[]
  is_one_to_one: boolean
}

type FunctionArg = { name: string; type: string; mode: string }

type FunctionInfo = {
  name: string
  args: FunctionArg[]
  arg_defaults: number
  returns_set: boolean
  return_type: string
  return_relation: string | null
}

const scalarTypes: Record<string, string> = {
  bool: 'boolean',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'number',
  oid: 'number',
  json: 'Json',
  jsonb: 'Json',
  void: 'undefined',
  record: 'Json',
}

function tsType(pgType: string, enums: Map<string, string[]>): string {
  if (pgType.startsWith('_')) return `${tsType(pgType.slice(1), enums)}[]`
  const labels = enums.get(pgType)
  if (labels) return labels.map((l) => JSON.stringify(l)).join(' | ')
  return scalarTypes[pgType] ?? 'string'
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))

async function introspect(db: Database) {
  const columns = await db.query<Column>(`
    select c.relname as table_name, a.attname as column_name, t.typname as udt_name,
           not a.attnotnull as is_nullable,
           (a.atthasdef or a.attidentity <> '') as has_default,
           a.attgenerated <> '' as is_generated
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`)
  const foreignKeys = await db.query<ForeignKey>(`
    select con.conname as name, c.relname as table_name,
           array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
           rc.relname as referenced_table,
           array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as referenced_columns,
           exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                     and (ix.indkey::int2[])::int2[] @> con.conkey and cardinality(con.conkey) = ix.indnkeyatts) as is_one_to_one
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_class rc on rc.oid = con.confrelid
      join pg_namespace rn on rn.oid = rc.relnamespace
     where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
     order by c.relname, con.conname`)
  const functions = await db.query<FunctionInfo>(`
    select p.proname as name,
           coalesce((
             select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''),
                                               'type', t.typname,
                                               'mode', coalesce(p.proargmodes[i], 'i')) order by i)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as arg(type_oid, i)
               join pg_type t on t.oid = arg.type_oid
           ), '[]'::json) as args,
           p.pronargdefaults as arg_defaults,
           p.proretset as returns_set,
           rt.typname as return_type,
           rc.relname as return_relation
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
      left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'p', 'v')
     where n.nspname = 'public' and p.prokind = 'f' and rt.typname <> 'trigger'
     order by p.proname`)
  const enums = await db.query<{ name: string; labels: string[] }>(`
    select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid
      join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public'
     group by t.typname order by t.typname`)
  return {
    columns: columns.rows,
    foreignKeys: foreignKeys.rows,
    functions: functions.rows,
    enums: enums.rows,
  }
}

function render(schema: Awaited<ReturnType<typeof introspect>>): string {
  const enums = new Map(schema.enums.map((e) => [e.name, e.labels]))
  const tables = new Map<string, Column[]>()
  for (const column of schema.columns) {
    tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column])
  }
  const rowShape = (columns: Column[]) =>
    `{\n${columns
      .map(
        (c) =>
          `${key(c.column_name)}: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`,
      )
      .join('\n')}\n}`

  const tableBlocks = [...tables].map(([table, columns]) => {
    const insert = columns
      .map((c) =>
        c.is_generated
          ? `${key(c.column_name)}?: never`
          : `${key(c.column_name)}${c.is_nullable || c.has_default ? '?' : ''}: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`,
      )
      .join('\n')
    const update = columns
      .map((c) =>
        c.is_generated
          ? `${key(c.column_name)}?: never`
          : `${key(c.column_name)}?: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`,
      )
      .join('\n')
    const relationships = schema.foreignKeys
      .filter((fk) => fk.table_name === table)
      .map(
        (fk) => `{
          foreignKeyName: ${JSON.stringify(fk.name)}
          columns: ${JSON.stringify(fk.columns)}
          isOneToOne: ${fk.is_one_to_one}
          referencedRelation: ${JSON.stringify(fk.referenced_table)}
          referencedColumns: ${JSON.stringify(fk.referenced_columns)}
        }`,
      )
    return `${key(table)}: {
      Row: ${rowShape(columns)}
      Insert: {\n${insert}\n}
      Update: {\n${update}\n}
      Relationships: [${relationships.join(',\n')}]
    }`
  })

  const functionBlocks = schema.functions.map((fn) => {
    const inputs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
    const outputs = fn.args.filter((a) => a.mode === 'o' || a.mode === 't' || a.mode === 'b')
    const firstOptional = inputs.length - fn.arg_defaults
    const args = inputs.length
      ? `{\n${inputs
          .map((a, i) => `${key(a.name)}${i >= firstOptional ? '?' : ''}: ${tsType(a.type, enums)}`)
          .join('\n')}\n}`
      : 'never'
    let returns: string
    if (fn.return_relation) {
      const columns = tables.get(fn.return_relation) ?? []
      returns = rowShape(columns)
    } else if (outputs.length && fn.return_type === 'record') {
      returns = `{\n${outputs.map((a) => `${key(a.name)}: ${tsType(a.type, enums)}`).join('\n')}\n}`
    } else {
      returns = tsType(fn.return_type, enums)
    }
    if (fn.returns_set) returns = `${returns}[]`
    return `${key(fn.name)}: {\nArgs: ${args}\nReturns: ${returns}\n}`
  })

  const enumBlock = schema.enums.length
    ? `{\n${schema.enums.map((e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`).join('\n')}\n}`
    : '{ [_ in never]: never }'

  return `// Generated by \`npm run db:generate\` from supabase/migrations. Do not edit by hand.
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {\n${tableBlocks.join('\n')}\n}
    Views: { [_ in never]: never }
    Functions: {\n${functionBlocks.join('\n')}\n}
    Enums: ${enumBlock}
    CompositeTypes: { [_ in never]: never }
  }
}

type PublicSchema = Database['public']

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row']
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert']
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update']
export type Functions<T extends keyof PublicSchema['Functions']> = PublicSchema['Functions'][T]
`
}

/** src/types/database.types.ts for a migrated database, formatted with the repository's Prettier settings. */
export async function databaseTypes(db: Database, outFile: string): Promise<string> {
  const source = render(await introspect(db))
  const options = (await resolveConfig(outFile)) ?? {}
  return format(source, { ...options, filepath: outFile })
}
