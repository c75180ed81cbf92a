/**
 * Resolving a request's names against the schema cache, before any SQL is
 * built (PostgREST's Plan.hs): every column a select, filter or order names is
 * checked, and every embed becomes the relation it reaches, with its join
 * columns and cardinality. The SQL builders read only what this returns.
 */
import { RestError, unsupported } from './errors.ts'
import type { Condition, OrderTerm, SelectColumn, SelectItem } from './parse.ts'
import type { EmbedOptions, Query } from './query.ts'
import {
  findRelation,
  functionsOfRow,
  type ForeignKey,
  type Relation,
  type SchemaCache,
} from './schema-cache.ts'

export type Join = { child: string; parent: string }

export type ResolvedEmbed = {
  kind: 'embed'
  /** The key in the response: the alias, else the relation's name. */
  name: string
  target: Relation
  toOne: boolean
  joins: Join[]
  inner: boolean
  select: ResolvedItem[]
  options: EmbedOptions
}

export type ResolvedItem = { kind: 'star' } | SelectColumn | ResolvedEmbed

const NO_OPTIONS: EmbedOptions = { conditions: [], order: [], limit: null, offset: null }

/**
 * A column of `relation` (null: a row type the cache does not know, checked by
 * Postgres): a computed field says it is unsupported, anything else unknown is
 * PostgREST's 42703.
 */
export function checkColumn(cache: SchemaCache, relation: Relation | null, name: string): void {
  if (!relation || relation.columns.includes(name)) return
  if (functionsOfRow(cache, relation, name).length > 0) {
    throw unsupported(`computed field ${relation.name}.${name}`)
  }
  throw new RestError(400, '42703', `column ${relation.name}.${name} does not exist`)
}

/** Filters (and/or trees included) and order terms on `relation`. */
export function checkFilters(
  cache: SchemaCache,
  relation: Relation | null,
  conditions: Condition[],
  order: OrderTerm[] = [],
): void {
  const pending = [...conditions]
  for (let condition = pending.pop(); condition; condition = pending.pop()) {
    if (condition.kind === 'logic') pending.push(...condition.children)
    else checkColumn(cache, relation, condition.column)
  }
  for (const term of order) checkColumn(cache, relation, term.column)
}

/**
 * Embed names must be unique in one select (PostgREST aliases each embed's
 * subquery `<parent>_<name>_<depth>`, so Postgres refuses a repeated one with
 * 42712 naming that alias), and `<embed>.…` parameters must name an embed.
 */
export function checkEmbeds(query: Query, parent: string): void {
  const names = new Set<string>()
  const relations = new Set<string>()
  for (const item of query.select) {
    if (item.kind !== 'embed') continue
    const name = item.alias ?? item.relation
    if (names.has(name)) {
      throw new RestError(400, '42712', `table name "${parent}_${name}_1" specified more than once`)
    }
    names.add(name)
    relations.add(item.relation)
  }
  for (const name of query.embedOptions.keys()) {
    if (!names.has(name) && !relations.has(name)) {
      throw new RestError(
        400,
        'PGRST108',
        `'${name}' is not an embedded resource in this request`,
        null,
        `Verify that '${name}' is included in the 'select' query parameter.`,
      )
    }
  }
}

/** The select tree of `relation` (null: columns only, no embeds), resolved. */
export function resolveSelect(
  cache: SchemaCache,
  schema: string,
  relation: Relation | null,
  items: SelectItem[],
  embedOptions: Map<string, EmbedOptions>,
  unsupportedEmbed = 'embedding on this result',
): ResolvedItem[] {
  return items.map((item) => {
    if (item.kind === 'star') return item
    if (item.kind === 'column') {
      checkColumn(cache, relation, item.name)
      return item
    }
    if (!relation) throw unsupported(unsupportedEmbed)
    const found = resolveEmbed(cache, schema, relation, item.relation, item.hint)
    const name = item.alias ?? item.relation
    const options = embedOptions.get(name) ?? embedOptions.get(item.relation) ?? NO_OPTIONS
    checkFilters(cache, found.target, options.conditions, options.order)
    return {
      kind: 'embed',
      name,
      ...found,
      inner: item.inner,
      select: resolveSelect(cache, schema, found.target, item.select, new Map()),
      options,
    }
  })
}

type Reached = { target: Relation; toOne: boolean; joins: Join[] }

function toParent(cache: SchemaCache, fk: ForeignKey): Reached | null {
  const target = findRelation(cache, fk.refSchema, fk.refTable)
  return target
    ? {
        target,
        toOne: true,
        joins: fk.columns.map((c, i) => ({ child: fk.refColumns[i]!, parent: c })),
      }
    : null
}

function toChild(cache: SchemaCache, fk: ForeignKey): Reached | null {
  const target = findRelation(cache, fk.schema, fk.table)
  if (!target) return null
  const key = [...fk.columns].sort().join(',')
  const unique = target.uniques.some((u) => [...u].sort().join(',') === key)
  return {
    target,
    toOne: unique,
    joins: fk.columns.map((c, i) => ({ child: c, parent: fk.refColumns[i]! })),
  }
}

/** The foreign keys an embed of `relation` from `parent` (with its hint) can go through. */
function embedCandidates(
  cache: SchemaCache,
  fks: ForeignKey[],
  parent: Relation,
  relation: string,
  hint: string | null,
): Reached[] {
  const candidates: Reached[] = []
  const hintMatches = (fk: ForeignKey) =>
    hint === null || hint === fk.name || (fk.columns.length === 1 && fk.columns[0] === hint)
  for (const fk of fks) {
    const viaColumn =
      fk.table === parent.name && fk.columns.length === 1 && fk.columns[0] === relation
    // The constraint's name as the target: `messages_user_id_fkey(*)`.
    const viaName = fk.name === relation && hint === null
    if (
      fk.table === parent.name &&
      (fk.refTable === relation || viaColumn || viaName) &&
      hintMatches(fk)
    ) {
      const reached = toParent(cache, fk)
      if (reached) candidates.push(reached)
    }
    // a self-reference named by its constraint resolves once, as the parent side
    const selfByName = viaName && fk.table === parent.name
    if (
      fk.refTable === parent.name &&
      (fk.table === relation || viaName) &&
      hintMatches(fk) &&
      !selfByName
    ) {
      const reached = toChild(cache, fk)
      if (reached) candidates.push(reached)
    }
  }
  return candidates
}

function resolveEmbed(
  cache: SchemaCache,
  schema: string,
  parent: Relation,
  relation: string,
  hint: string | null,
): Reached {
  const fks = cache.foreignKeys.filter((fk) => fk.schema === schema && fk.refSchema === schema)
  const candidates = embedCandidates(cache, fks, parent, relation, hint)
  if (candidates.length === 0) {
    explainMissingRelationship(cache, schema, parent, relation, hint, fks)
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${relation}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
    )
  }
  if (candidates.length > 1) {
    const names = fks
      .filter(
        (fk) =>
          (fk.table === parent.name && fk.refTable === relation) ||
          (fk.refTable === parent.name && fk.table === relation),
      )
      .map((fk) => `'${relation}!${fk.name}'`)
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${relation}'`,
      null,
      `Try changing '${relation}' to one of the following: ${names.join(', ')}. Find the desired relationship in the 'details' key.`,
    )
  }
  return candidates[0]!
}

/**
 * PostgREST embeds the local stack does not (computed relationships,
 * many-to-many through a join table) say so instead of "Could not find a
 * relationship", which would send a developer looking for a missing foreign key.
 */
function explainMissingRelationship(
  cache: SchemaCache,
  schema: string,
  parent: Relation,
  relation: string,
  hint: string | null,
  fks: ForeignKey[],
) {
  if (functionsOfRow(cache, parent, relation).length > 0) {
    throw unsupported(`computed relationship ${parent.name} → ${relation}`)
  }
  const target = findRelation(cache, schema, relation)
  if (!target) return
  const junction = fks.some(
    (a) =>
      a.refTable === parent.name &&
      (hint === null || hint === a.table) &&
      fks.some((b) => b.table === a.table && b.name !== a.name && b.refTable === target.name),
  )
  if (junction) throw unsupported(`many-to-many embedding ${parent.name} → ${relation}`)
}
