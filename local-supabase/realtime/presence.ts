/**
 * Presence per topic, shaped as Phoenix.Presence sends it: state and diffs are
 * `{ "<key>": { "metas": [{ "phx_ref": "...", ...tracked fields }] } }`.
 */
import { randomBytes } from 'node:crypto'

export type Meta = Record<string, unknown> & { phx_ref: string }
export type PresenceMap = Record<string, { metas: Meta[] }>
export type PresenceDiff = { joins: PresenceMap; leaves: PresenceMap }

type Entry = { key: string; meta: Meta }

function newRef(): string {
  return `F${randomBytes(9).toString('base64url')}`
}

export class PresenceStore {
  /** route key → channel id → what that channel tracks. */
  private readonly topics = new Map<string, Map<string, Entry>>()

  state(route: string): PresenceMap {
    const result: PresenceMap = {}
    for (const { key, meta } of this.topics.get(route)?.values() ?? []) {
      ;(result[key] ??= { metas: [] }).metas.push(meta)
    }
    return result
  }

  /** Tracks (or re-tracks) what one channel presents; returns the diff to fan out. */
  track(
    route: string,
    channelId: string,
    key: string,
    fields: Record<string, unknown>,
  ): PresenceDiff {
    let entries = this.topics.get(route)
    if (!entries) {
      entries = new Map()
      this.topics.set(route, entries)
    }
    const previous = entries.get(channelId)
    const meta: Meta = { ...fields, phx_ref: newRef() }
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref
    entries.set(channelId, { key, meta })
    const diff: PresenceDiff = { joins: { [key]: { metas: [meta] } }, leaves: {} }
    if (previous) diff.leaves[previous.key] = { metas: [previous.meta] }
    return diff
  }

  /** Stops tracking one channel; returns the diff, or null when it tracked nothing. */
  untrack(route: string, channelId: string): PresenceDiff | null {
    const entries = this.topics.get(route)
    const previous = entries?.get(channelId)
    if (!entries || !previous) return null
    entries.delete(channelId)
    if (entries.size === 0) this.topics.delete(route)
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } }
  }
}
