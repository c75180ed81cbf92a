/**
 * The schema snapshot (supabase/schema.sql): what supabase/migrations leave in
 * a new database, read back from the catalog the way Rails writes structure.sql.
 * Our schemas (public, app_private) in full: tables with their columns,
 * constraints, indexes, row-level security, policies, triggers, comments and
 * grants; sequences; functions as the database holds them; the rows the
 * migrations insert. Then what the migrations add to the platform's tables
 * (policies on realtime.messages, triggers on auth.users) and the pg_cron jobs.
 * Every list is sorted by name, so the text changes only when the schema does.
 */
import type { Queryable } from '../../local-supabase/db/types.ts'

const OUR_SCHEMAS = ['public', 'app_private']

type Acl = { grantee: string; privilege: string }

const PRIVILEGE_ORDER = [
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'TRUNCATE',
  'REFERENCES',
  'TRIGGER',
  'MAINTAIN',
  'USAGE',
  'EXECUTE',
  'CREATE',
  'TEMPORARY',
  'CONNECT',
]

/** What `grant all` gives on a table (Postgres 17 added MAINTAIN). */
let tablePrivileges: string[] = []

const privilegeList = (privileges: string[], target: string) => {
  if (target.startsWith('table ') && tablePrivileges.every((p) => privileges.includes(p))) {
    return 'all'
  }
  const known = PRIVILEGE_ORDER.filter((p) => privileges.includes(p))
  const other = privileges.filter((p) => !PRIVILEGE_ORDER.includes(p)).sort()
  return [...known, ...other].map((p) => p.toLowerCase()).join(', ')
}

/** grant lines for an ACL (the owner's own rights left out), grantees with the same rights together. */
function grants(acl: Acl[], target: string, columns = ''): string[] {
  const byGrantee = new Map<string, string[]>()
  for (const { grantee, privilege } of acl) {
    byGrantee.set(grantee, [...(byGrantee.get(grantee) ?? []), privilege])
  }
  const byList = new Map<string, string[]>()
  for (const grantee of [...byGrantee.keys()].sort()) {
    const list = privilegeList(byGrantee.get(grantee) ?? [], columns ? '' : target)
    byList.set(list, [...(byList.get(list) ?? []), grantee])
  }
  return [...byList].map(
    ([list, grantees]) => `grant ${list}${columns} on ${target} to ${grantees.join(', ')};`,
  )
}

const aclQuery = (column: string, kind: string, owner: string) => `
  coalesce((
    select json_agg(json_build_object(
             'grantee', case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end,
             'privilege', a.privilege_type)
           order by a.grantee, a.privilege_type)
      from aclexplode(coalesce(${column}, acldefault('${kind}', ${owner}))) a
     where a.grantee <> ${owner}
  ), '[]'::json)`

const literal = (value: string | null) =>
  value === null ? 'null' : `'${value.replaceAll("'", "''")}'`

async function rows<R extends Record<string, unknown>>(db: Queryable, sql: string, params = []) {
  return (await db.query<R>(sql, params)).rows
}

async function schemasSection(db: Queryable): Promise<string[]> {
  const schemas = await rows<{ name: string; comment: string | null; acl: Acl[] }>(
    db,
    `select n.nspname as name, obj_description(n.oid, 'pg_namespace') as comment,
            ${aclQuery('n.nspacl', 'n', 'n.nspowner')} as acl
       from pg_namespace n where n.nspname = any($1) order by n.nspname`,
    [OUR_SCHEMAS] as never,
  )
  const out: string[] = []
  for (const s of schemas) {
    out.push(`create schema ${s.name};`)
    if (s.comment) out.push(`comment on schema ${s.name} is ${literal(s.comment)};`)
    out.push(...grants(s.acl, `schema ${s.name}`), '')
  }
  return out
}

type Table = {
  oid: number
  name: string
  rls: boolean
  forced: boolean
  comment: string | null
  acl: Acl[]
}

async function tableSection(db: Queryable, table: Table): Promise<string[]> {
  const columns = await rows<{
    name: string
    type: string
    not_null: boolean
    default: string | null
    identity: string
    generated: string
    comment: string | null
    acl: Acl[]
  }>(
    db,
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default,
            a.attidentity as identity, a.attgenerated as generated,
            col_description(a.attrelid, a.attnum) as comment,
            coalesce((
              select json_agg(json_build_object(
                       'grantee', case when x.grantee = 0 then 'public' else pg_get_userbyid(x.grantee) end,
                       'privilege', x.privilege_type)
                     order by x.grantee, x.privilege_type)
                from aclexplode(a.attacl) x
            ), '[]'::json) as acl
       from pg_attribute a
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [table.oid] as never,
  )
  const constraints = await rows<{ name: string; definition: string }>(
    db,
    `select c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c where c.conrelid = $1 and c.contype <> 'n' order by c.conname`,
    [table.oid] as never,
  )
  const lines = columns.map((c) => {
    let line = `  ${c.name} ${c.type}`
    if (c.identity === 'a') line += ' generated always as identity'
    else if (c.identity === 'd') line += ' generated by default as identity'
    else if (c.generated === 's') line += ` generated always as (${c.default}) stored`
    else if (c.default !== null) line += ` default ${c.default}`
    if (c.not_null) line += ' not null'
    return line
  })
  lines.push(...constraints.map((c) => `  constraint ${c.name} ${c.definition}`))
  const out = [`create table ${table.name} (`, lines.join(',\n'), ');']
  if (table.comment) out.push(`comment on table ${table.name} is ${literal(table.comment)};`)
  for (const c of columns) {
    if (c.comment) out.push(`comment on column ${table.name}.${c.name} is ${literal(c.comment)};`)
  }
  if (table.rls) out.push(`alter table ${table.name} enable row level security;`)
  if (table.forced) out.push(`alter table ${table.name} force row level security;`)

  const indexes = await rows<{ definition: string }>(
    db,
    `select pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = $1
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
    [table.oid] as never,
  )
  out.push(...indexes.map((i) => `${i.definition};`))
  out.push(...grants(table.acl, `table ${table.name}`))
  const columnGrants = new Map<string, string[]>()
  for (const c of columns) {
    for (const line of grants(c.acl, `table ${table.name}`, ` (${c.name})`)) {
      // one line per grantee and privilege, the columns gathered
      const key = line.replace(` (${c.name})`, ' (*)')
      columnGrants.set(key, [...(columnGrants.get(key) ?? []), c.name])
    }
  }
  for (const [line, names] of [...columnGrants].sort()) {
    out.push(line.replace(' (*)', ` (${names.join(', ')})`))
  }
  out.push(...(await policies(db, table.oid)), ...(await triggers(db, table.oid)), '')
  return out
}

async function policies(db: Queryable, tableOid: number): Promise<string[]> {
  const found = await rows<{
    name: string
    table: string
    permissive: boolean
    command: string
    roles: string
    using: string | null
    check: string | null
  }>(
    db,
    `select p.polname as name, p.polrelid::regclass::text as table, p.polpermissive as permissive,
            case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update'
                          when 'd' then 'delete' else 'all' end as command,
            (select string_agg(case when r = 0 then 'public' else pg_get_userbyid(r) end, ', '
                               order by case when r = 0 then 'public' else pg_get_userbyid(r) end)
               from unnest(p.polroles) r) as roles,
            pg_get_expr(p.polqual, p.polrelid) as using,
            pg_get_expr(p.polwithcheck, p.polrelid) as check
       from pg_policy p where p.polrelid = $1 order by p.polname`,
    [tableOid] as never,
  )
  return found.map((p) =>
    [
      `create policy "${p.name}" on ${p.table}`,
      p.permissive ? '' : ' as restrictive',
      ` for ${p.command} to ${p.roles}`,
      p.using ? `\n  using (${p.using})` : '',
      p.check ? `\n  with check (${p.check})` : '',
      ';',
    ].join(''),
  )
}

async function triggers(db: Queryable, tableOid: number): Promise<string[]> {
  const found = await rows<{ definition: string }>(
    db,
    `select pg_get_triggerdef(t.oid) as definition
       from pg_trigger t where t.tgrelid = $1 and not t.tgisinternal order by t.tgname`,
    [tableOid] as never,
  )
  return found.map((t) => `${t.definition};`)
}

async function tablesSection(db: Queryable): Promise<string[]> {
  const tables = await rows<Table>(
    db,
    `select c.oid::int as oid, c.oid::regclass::text as name, c.relrowsecurity as rls,
            c.relforcerowsecurity as forced, obj_description(c.oid, 'pg_class') as comment,
            ${aclQuery('c.relacl', 'r', 'c.relowner')} as acl
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p')
      order by n.nspname, c.relname`,
    [OUR_SCHEMAS] as never,
  )
  const out: string[] = []
  for (const table of tables) out.push(...(await tableSection(db, table)))
  return out
}

async function sequencesSection(db: Queryable): Promise<string[]> {
  const sequences = await rows<{ name: string; type: string; acl: Acl[] }>(
    db,
    `select c.oid::regclass::text as name, format_type(s.seqtypid, null) as type,
            ${aclQuery('c.relacl', 's', 'c.relowner')} as acl
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_sequence s on s.seqrelid = c.oid
      where n.nspname = any($1) and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))
      order by n.nspname, c.relname`,
    [OUR_SCHEMAS] as never,
  )
  return sequences.flatMap((s) => [
    `create sequence ${s.name} as ${s.type};`,
    ...grants(s.acl, `sequence ${s.name}`),
    '',
  ])
}

async function functionsSection(db: Queryable): Promise<string[]> {
  const functions = await rows<{
    signature: string
    definition: string
    comment: string | null
    acl: Acl[]
  }>(
    db,
    `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition,
            obj_description(p.oid, 'pg_proc') as comment,
            ${aclQuery('p.proacl', 'f', 'p.proowner')} as acl
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind in ('f', 'p')
      order by n.nspname, p.proname, p.oid::regprocedure::text`,
    [OUR_SCHEMAS] as never,
  )
  return functions.flatMap((f) => [
    `${f.definition.trimEnd()};`,
    ...(f.comment ? [`comment on function ${f.signature} is ${literal(f.comment)};`] : []),
    ...grants(f.acl, `function ${f.signature}`),
    '',
  ])
}

/** The rows the migrations leave in our tables (settings, limits). */
async function rowsSection(db: Queryable): Promise<string[]> {
  const tables = await rows<{ name: string; key: string | null }>(
    db,
    `select c.oid::regclass::text as name,
            (select string_agg(quote_ident(a.attname), ', ' order by k.ord)
               from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary and a.attrelid = c.oid) as key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind = 'r'
      order by n.nspname, c.relname`,
    [OUR_SCHEMAS] as never,
  )
  const out: string[] = []
  for (const table of tables) {
    const order = table.key ? ` order by ${table.key}` : ''
    const found = await rows<{ line: string }>(
      db,
      `select format('insert into %s values %s;', '${table.name}', t::text) as line
         from ${table.name} t${order}`,
    )
    if (found.length) out.push(...found.map((r) => r.line), '')
  }
  return out
}

/** Policies and triggers the migrations put on tables outside our schemas. */
async function platformSection(db: Queryable): Promise<string[]> {
  const tables = await rows<{ oid: number }>(
    db,
    `select c.oid::int as oid
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where not (n.nspname = any($1))
        and (exists (select 1 from pg_policy p where p.polrelid = c.oid)
             or exists (select 1 from pg_trigger t
                          join pg_proc f on f.oid = t.tgfoid
                          join pg_namespace fn on fn.oid = f.pronamespace
                         where t.tgrelid = c.oid and not t.tgisinternal and fn.nspname = any($1)))
      order by n.nspname, c.relname`,
    [OUR_SCHEMAS] as never,
  )
  const out: string[] = []
  for (const { oid } of tables) {
    out.push(...(await policies(db, oid)))
    const ours = await rows<{ definition: string }>(
      db,
      `select pg_get_triggerdef(t.oid) as definition
         from pg_trigger t join pg_proc f on f.oid = t.tgfoid
         join pg_namespace fn on fn.oid = f.pronamespace
        where t.tgrelid = $1 and not t.tgisinternal and fn.nspname = any($2)
        order by t.tgname`,
      [oid, OUR_SCHEMAS] as never,
    )
    out.push(...ours.map((t) => `${t.definition};`), '')
  }
  return out
}

async function cronSection(db: Queryable): Promise<string[]> {
  const jobs = await rows<{ line: string }>(
    db,
    `select format('select cron.schedule(%L, %L, %L);', j.jobname, j.schedule, j.command) as line
       from cron.job j order by j.jobname`,
  )
  return jobs.map((j) => j.line)
}

const heading = (title: string) => [
  `-- ${'='.repeat(76)}`,
  `-- ${title}`,
  `-- ${'='.repeat(76)}`,
  '',
]

/** The whole snapshot, from a database the migrations (and no seed) ran on. */
export async function schemaSnapshot(db: Queryable): Promise<string> {
  await db.exec(`set search_path = ''`)
  tablePrivileges = (
    await rows<{ privilege: string }>(
      db,
      `select privilege_type as privilege from aclexplode(acldefault('r', 10)) where grantee = 10`,
    )
  ).map((r) => r.privilege)
  const parts = [
    '-- Generated by `npm run db:generate` from supabase/migrations: the schema as a new',
    '-- database holds it after every migration. Do not edit by hand; read it to learn',
    '-- the schema. CI fails when it is stale (`npm run db:generate -- --check`).',
    '',
    ...heading('Schemas'),
    ...(await schemasSection(db)),
    ...heading('Tables (columns, constraints, comments, RLS, indexes, grants, policies, triggers)'),
    ...(await tablesSection(db)),
    ...heading('Sequences'),
    ...(await sequencesSection(db)),
    ...heading('Functions'),
    ...(await functionsSection(db)),
    ...heading('Rows the migrations insert'),
    ...(await rowsSection(db)),
    ...heading("Policies and triggers on the platform's tables"),
    ...(await platformSection(db)),
    ...heading('pg_cron jobs'),
    ...(await cronSection(db)),
  ]
  return `${parts.join('\n').trimEnd()}\n`
}
