/**
 * What PostgREST's schema cache knows, read from the catalogs: relations with
 * their columns and keys, foreign keys (for embedding) and functions (for RPC).
 */
import type { Queryable } from '../db/types.ts'

export type Relation = {
  schema: string
  name: string
  /** pg_class.relkind: 'r' table, 'p' partitioned table, 'v' view, 'm' materialized view, 'f' foreign. */
  kind: string
  columns: string[]
  primaryKey: string[]
  /** Unique column sets (including the primary key). */
  uniques: string[][]
}

export type ForeignKey = {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export type FunctionArg = {
  name: string
  type: string
  isArray: boolean
  category: string
  hasDefault: boolean
}

export type DbFunction = {
  schema: string
  name: string
  args: FunctionArg[]
  returnsSet: boolean
  returnType: string
  /** 'b' base, 'c' composite, 'p' pseudo (void, record), … */
  returnKind: string
  isVoid: boolean
  volatile: boolean
  /**
   * PostgREST's schema cache keeps a function only when none of its parameters is
   * unnamed, or its one parameter is an unnamed bytea, json, jsonb, text or xml.
   */
  callable: boolean
}

export type SchemaCache = {
  relations: Map<string, Relation>
  foreignKeys: ForeignKey[]
  functions: Map<string, DbFunction[]>
}

const key = (schema: string, name: string) => `${schema}.${name}`

/** The types an unnamed parameter may have: it takes the whole request body. */
const WHOLE_BODY_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])

/** Reads the cache as PostgREST does at start-up (and on a schema reload), one catalog query per part. */
export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const relations = await loadRelations(db, schemas)
  const foreignKeys = await loadKeys(db, schemas, relations)
  const functions = await loadFunctions(db, schemas)
  return { relations, foreignKeys, functions }
}

/** Tables, views, materialized views and foreign tables with their columns (keys filled in by loadKeys). */
async function loadRelations(db: Queryable, schemas: string[]): Promise<Map<string, Relation>> {
  const relations = new Map<string, Relation>()
  const rels = await db.query<{ schema: string; name: string; kind: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name, c.relkind::text as kind,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
    [schemas],
  )
  for (const r of rels.rows) {
    relations.set(key(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      kind: r.kind,
      columns: r.columns,
      primaryKey: [],
      uniques: [],
    })
  }
  return relations
}

/**
 * Primary keys and unique sets (constraints and unique indexes) onto `relations`;
 * returns the foreign keys, for embedding.
 */
async function loadKeys(
  db: Queryable,
  schemas: string[],
  relations: Map<string, Relation>,
): Promise<ForeignKey[]> {
  const cons = await db.query<{
    name: string
    type: string
    schema: string
    table: string
    columns: string[]
    ref_schema: string | null
    ref_table: string | null
    ref_columns: string[] | null
  }>(
    `select con.conname::text as name, con.contype::text as type, n.nspname::text as schema, c.relname::text as table,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
            rn.nspname::text as ref_schema, rc.relname::text as ref_table,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as ref_columns
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class rc on rc.oid = con.confrelid left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = any($1) and con.contype in ('p', 'u', 'f')`,
    [schemas],
  )
  const foreignKeys: ForeignKey[] = []
  for (const con of cons.rows) {
    const rel = relations.get(key(con.schema, con.table))
    if (con.type === 'p' && rel) rel.primaryKey = con.columns
    if ((con.type === 'p' || con.type === 'u') && rel) rel.uniques.push(con.columns)
    if (con.type === 'f' && con.ref_schema && con.ref_table) {
      foreignKeys.push({
        name: con.name,
        schema: con.schema,
        table: con.table,
        columns: con.columns,
        refSchema: con.ref_schema,
        refTable: con.ref_table,
        refColumns: con.ref_columns ?? [],
      })
    }
  }
  // Unique indexes count as unique column sets too (one-to-one detection, upsert targets).
  const idx = await db.query<{ schema: string; table: string; columns: string[] }>(
    `select n.nspname::text as schema, c.relname::text as table,
            array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, o)
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.o) as columns
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and i.indisunique and i.indpred is null`,
    [schemas],
  )
  for (const i of idx.rows) relations.get(key(i.schema, i.table))?.uniques.push(i.columns)
  return foreignKeys
}

/** Functions (not procedures or aggregates) by schema-qualified name, overloads together, for RPC. */
async function loadFunctions(db: Queryable, schemas: string[]): Promise<Map<string, DbFunction[]>> {
  const fns = await db.query<{
    schema: string
    name: string
    arg_names: string[] | null
    arg_types: string[]
    arg_arrays: boolean[]
    arg_categories: string[]
    arg_modes: string[] | null
    nargdefaults: number
    returns_set: boolean
    return_type: string
    return_kind: string
    volatile: string
  }>(
    `select n.nspname::text as schema, p.proname::text as name, p.proargnames::text[] as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) with ordinality u(t, o) order by o) as arg_types,
            array(select ty.typcategory = 'A' from unnest(p.proargtypes) with ordinality u(t, o)
                  join pg_type ty on ty.oid = u.t order by o) as arg_arrays,
            array(select ty.typcategory::text from unnest(p.proargtypes) with ordinality u(t, o)
                  join pg_type ty on ty.oid = u.t order by o) as arg_categories,
            p.proargmodes::text[] as arg_modes, p.pronargdefaults as nargdefaults,
            p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
            rt.typtype::text as return_kind, p.provolatile::text as volatile
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1) and p.prokind = 'f'`,
    [schemas],
  )
  const functions = new Map<string, DbFunction[]>()
  for (const f of fns.rows) {
    // proargnames covers all args (in, out, table); keep the input ones, in order.
    const modes = f.arg_modes ?? f.arg_types.map(() => 'i')
    const allNames = f.arg_names ?? []
    const inputNames = allNames.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'))
    const count = f.arg_types.length
    const args: FunctionArg[] = f.arg_types.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      isArray: f.arg_arrays[i] ?? false,
      category: f.arg_categories[i] ?? 'S',
      hasDefault: i >= count - f.nargdefaults,
    }))
    const unnamed = f.arg_names === null ? args.length : 0
    const fn: DbFunction = {
      schema: f.schema,
      name: f.name,
      args,
      returnsSet: f.returns_set,
      returnType: f.return_type,
      returnKind: f.return_kind,
      isVoid: f.return_type === 'void',
      volatile: f.volatile === 'v',
      callable: unnamed === 0 || (unnamed === 1 && WHOLE_BODY_TYPES.has(args[0]!.type)),
    }
    const list = functions.get(key(f.schema, f.name)) ?? []
    list.push(fn)
    functions.set(key(f.schema, f.name), list)
  }
  return functions
}

export function findRelation(
  cache: SchemaCache,
  schema: string,
  name: string,
): Relation | undefined {
  return cache.relations.get(key(schema, name))
}

/** Functions taking one row of `relation` (computed fields and computed relationships). */
export function functionsOfRow(cache: SchemaCache, relation: Relation, name: string): DbFunction[] {
  const rowType = new Set([
    relation.name,
    `${relation.schema}.${relation.name}`,
    `"${relation.schema}"."${relation.name}"`,
    `${relation.schema}."${relation.name}"`,
  ])
  return findFunctions(cache, relation.schema, name).filter(
    (fn) => fn.args.length >= 1 && rowType.has(fn.args[0]!.type),
  )
}

export function findFunctions(cache: SchemaCache, schema: string, name: string): DbFunction[] {
  return cache.functions.get(key(schema, name)) ?? []
}
