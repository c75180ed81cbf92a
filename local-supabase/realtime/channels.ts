/**
 * The Phoenix channel layer of local Realtime: joins, leaves, heartbeats,
 * access_token updates and token expiry, broadcast, presence, postgres_changes
 * and the database broadcast feed (protocols reference §3.3–3.5).
 */
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import type WebSocket from 'ws'
import type { StackConfig } from '../config.ts'
import type { Database } from '../db/types.ts'
import { translateApiKey, verifyAccessToken, type Claims } from '../keys.ts'
import { canWrite, readableExtensions, type Extension, type Identity } from './authorize.ts'
import {
  PostgresChanges,
  type ChangePayload,
  type PgSubscriber,
  type PgSubscription,
} from './postgres-changes.ts'
import { PresenceStore, type PresenceDiff } from './presence.ts'
import {
  decodeFrame,
  encodeFrame,
  ProtocolError,
  SharedFrame,
  type Frame,
  type Vsn,
} from './protocol.ts'
import { isRecord } from '../is-record.ts'

const TOPIC_PREFIX = 'realtime:'

export type Connection = {
  ws: WebSocket
  vsn: Vsn
  /** The socket's apikey, already translated to a JWT. */
  token: string
  channels: Map<string, Channel>
  queue: Promise<void>
}

type Channel = PgSubscriber & {
  id: string
  conn: Connection
  topic: string
  subtopic: string
  route: string
  joinRef: string
  isPrivate: boolean
  self: boolean
  ack: boolean
  presenceKey: string
  presenceEnabled: boolean
  readable: Set<Extension>
  writable: Map<Extension, boolean>
  subscriptions: PgSubscription[]
  identity: Identity
  expiryTimer: NodeJS.Timeout | null
}

export type BroadcastMessage = {
  topic: string
  event: string
  payload: unknown
  isPrivate: boolean
  id?: string
}

function routeOf(isPrivate: boolean, subtopic: string): string {
  return `${isPrivate ? 'private' : 'public'}:${subtopic}`
}

/**
 * A realtime_messages notification (platform.sql's realtime.send): the stored
 * row's id and the route it goes to, '<id> <route>', or '<id>' alone.
 */
export function parseFeedNotice(notice: string): { id: string; route: string | null } {
  const space = notice.indexOf(' ')
  if (space < 0) return { id: notice, route: null }
  return { id: notice.slice(0, space), route: notice.slice(space + 1) }
}

/** Verifies a channel/socket token; Realtime requires `role` and `exp`. */
export async function identify(token: string, config: StackConfig): Promise<Identity> {
  const claims: Claims = await verifyAccessToken(translateApiKey(token, config), config.jwtKeys)
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    throw new Error('Fields `role` and `exp` are required in JWT')
  }
  if (claims.exp * 1000 <= Date.now()) {
    throw new Error(`Token has expired ${Math.round(Date.now() / 1000 - claims.exp)} seconds ago`)
  }
  return { role: claims.role, claims }
}

export class RealtimeChannels {
  private readonly routes = new Map<string, Set<Channel>>()
  private readonly presence = new PresenceStore()
  readonly changes: PostgresChanges
  private stopFeed: (() => Promise<void>) | null = null
  private feedQueue: Promise<void> = Promise.resolve()
  private feedIds: string[] = []

  constructor(
    private readonly db: Database,
    private readonly config: StackConfig,
    private readonly log: Logger,
  ) {
    this.changes = new PostgresChanges(db, log, () => this.pgSubscribers())
  }

  /** Starts the database feeds: realtime.send / broadcast_changes rows and table changes. */
  async start(): Promise<void> {
    this.stopFeed = await this.db.listen('realtime_messages', (notice) => {
      const { id, route } = parseFeedNotice(notice)
      // nobody has joined the topic: nothing to read (a report's alert when no owner is online)
      if (route !== null && !this.routes.has(route)) return
      // Ids that arrive while a fetch is running are fetched together by the next one.
      this.feedIds.push(id)
      if (this.feedIds.length > 1) return
      this.feedQueue = this.feedQueue
        .then(() => this.deliverStoredMessages())
        .catch((error: unknown) => this.log.error({ err: error }, 'realtime: message feed failed'))
    })
    await this.changes.start()
  }

  async stop(): Promise<void> {
    await this.stopFeed?.()
    this.stopFeed = null
    await this.feedQueue
    await this.changes.stop()
    for (const channels of this.routes.values()) {
      for (const channel of channels) if (channel.expiryTimer) clearTimeout(channel.expiryTimer)
    }
    this.routes.clear()
  }

  private *pgSubscribers(): Iterable<PgSubscriber> {
    for (const channels of this.routes.values()) {
      for (const channel of channels) if (channel.subscriptions.length > 0) yield channel
    }
  }

  /** Handles one incoming WebSocket message, in order per connection. */
  receive(conn: Connection, data: Buffer, isBinary: boolean): void {
    conn.queue = conn.queue
      .then(() => this.handle(conn, data, isBinary))
      .catch((error: unknown) => this.log.error({ err: error }, 'realtime: frame handling failed'))
  }

  /** Drops every channel of a closed connection. */
  disconnect(conn: Connection): void {
    for (const channel of [...conn.channels.values()]) this.removeChannel(channel)
  }

  private send(conn: Connection, frame: Frame): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encodeFrame(frame, conn.vsn))
  }

  private reply(
    conn: Connection,
    req: Frame,
    status: 'ok' | 'error',
    response: Record<string, unknown>,
  ) {
    this.send(conn, {
      joinRef: req.joinRef,
      ref: req.ref,
      topic: req.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  private async handle(conn: Connection, data: Buffer, isBinary: boolean): Promise<void> {
    let frame: Frame
    try {
      frame = decodeFrame(data, isBinary, conn.vsn)
    } catch (error) {
      if (error instanceof ProtocolError) {
        this.log.warn({ reason: error.message }, 'realtime: dropped malformed frame')
        return
      }
      throw error
    }
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') {
      this.reply(conn, frame, 'ok', {})
      return
    }
    if (frame.event === 'phx_join') {
      await this.join(conn, frame)
      return
    }
    const channel = conn.channels.get(frame.topic)
    if (!channel || (frame.joinRef !== null && frame.joinRef !== channel.joinRef)) {
      this.send(conn, {
        joinRef: null,
        ref: frame.ref,
        topic: frame.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: 'unmatched topic' } },
      })
      return
    }
    switch (frame.event) {
      case 'phx_leave':
        this.reply(conn, frame, 'ok', {})
        this.close(channel)
        return
      case 'access_token':
        await this.refreshToken(channel, frame.payload.access_token)
        return
      case 'broadcast':
        await this.clientBroadcast(channel, frame)
        return
      case 'presence':
        await this.clientPresence(channel, frame)
        return
      default:
        this.log.debug({ event: frame.event }, 'realtime: ignored event')
    }
  }

  /** phx_join: the topic, the caller's token and (private) read access are checked, then the channel is added and answered. */
  private async join(conn: Connection, frame: Frame): Promise<void> {
    const { topic } = frame
    const subtopic = topic.startsWith(TOPIC_PREFIX) ? topic.slice(TOPIC_PREFIX.length) : ''
    if (subtopic === '') {
      this.reply(conn, frame, 'error', {
        reason: 'TopicNameRequired: You must provide a topic name',
      })
      return
    }
    const existing = conn.channels.get(topic)
    if (existing) this.removeChannel(existing)

    const settings = joinSettings(frame.payload)
    let identity: Identity
    try {
      identity = await identify(settings.token ?? conn.token, this.config)
    } catch (error) {
      this.reply(conn, frame, 'error', { reason: `InvalidJWTToken: ${(error as Error).message}` })
      return
    }
    let readable = new Set<Extension>(['broadcast', 'presence'])
    if (settings.isPrivate) {
      readable = await readableExtensions(this.db, identity, subtopic)
      if (readable.size === 0) {
        this.reply(conn, frame, 'error', {
          reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subtopic}`,
        })
        return
      }
    }
    const changes = await this.prepareChanges(settings.bindings)
    const channel: Channel = {
      id: randomUUID(),
      conn,
      topic,
      subtopic,
      route: routeOf(settings.isPrivate, subtopic),
      joinRef: frame.joinRef ?? frame.ref ?? '',
      isPrivate: settings.isPrivate,
      self: settings.broadcast.self === true,
      ack: settings.broadcast.ack === true,
      presenceKey:
        typeof settings.presence.key === 'string' && settings.presence.key !== ''
          ? settings.presence.key
          : randomUUID(),
      presenceEnabled: settings.presence.enabled === true,
      readable,
      writable: new Map(),
      subscriptions: changes.failures.length > 0 ? [] : changes.subscriptions,
      identity,
      expiryTimer: null,
      deliver: (change: ChangePayload) => {
        this.send(conn, {
          joinRef: null,
          ref: null,
          topic,
          event: 'postgres_changes',
          payload: change,
        })
      },
    }
    this.addChannel(channel)
    this.reply(conn, frame, 'ok', { postgres_changes: changes.echoed })
    if (settings.bindings.length > 0) this.announceChanges(channel, changes.failures)
    if (channel.presenceEnabled && readable.has('presence')) {
      this.send(conn, {
        joinRef: channel.joinRef,
        ref: null,
        topic,
        event: 'presence_state',
        payload: this.presence.state(channel.route),
      })
    }
  }

  /** The join's postgres_changes bindings, each echoed with its subscription id (0 when it failed). */
  private async prepareChanges(bindings: Record<string, unknown>[]) {
    const subscriptions: PgSubscription[] = []
    const echoed: Record<string, unknown>[] = []
    const failures: string[] = []
    for (const params of bindings) {
      try {
        const subscription = await this.changes.prepare(params)
        subscriptions.push(subscription)
        echoed.push({ ...params, id: subscription.id })
      } catch (error) {
        failures.push((error as Error).message)
        echoed.push({ ...params, id: 0 })
      }
    }
    return { subscriptions, echoed, failures }
  }

  private addChannel(channel: Channel): void {
    channel.conn.channels.set(channel.topic, channel)
    let members = this.routes.get(channel.route)
    if (!members) {
      members = new Set()
      this.routes.set(channel.route, members)
    }
    members.add(channel)
    this.scheduleExpiry(channel)
  }

  /** Realtime's system message after a join with postgres_changes: subscribed, or the errors. */
  private announceChanges(channel: Channel, failures: string[]): void {
    this.send(channel.conn, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload:
        failures.length === 0
          ? {
              extension: 'postgres_changes',
              status: 'ok',
              message: 'Subscribed to PostgreSQL',
              channel: channel.subtopic,
            }
          : {
              extension: 'postgres_changes',
              status: 'error',
              message: failures.join('; '),
              channel: channel.subtopic,
            },
    })
  }

  private scheduleExpiry(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer)
    const exp = channel.identity.claims.exp
    if (typeof exp !== 'number') return
    const delay = Math.max(0, exp * 1000 - Date.now())
    // setTimeout overflows above ~24.8 days; such tokens are re-checked on refresh anyway.
    if (delay > 2_000_000_000) return
    channel.expiryTimer = setTimeout(() => {
      channel.expiryTimer = null
      this.shutdown(channel, `Token has expired ${Math.round(Date.now() / 1000 - exp)} seconds ago`)
    }, delay)
  }

  /** Realtime's shutdown: a system error, then the channel closes. */
  private shutdown(channel: Channel, message: string): void {
    this.send(channel.conn, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: channel.subtopic },
    })
    this.close(channel)
  }

  private close(channel: Channel): void {
    this.removeChannel(channel)
    this.send(channel.conn, {
      joinRef: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: 'phx_close',
      payload: {},
    })
  }

  private removeChannel(channel: Channel): void {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer)
    channel.expiryTimer = null
    if (channel.conn.channels.get(channel.topic) === channel)
      channel.conn.channels.delete(channel.topic)
    const members = this.routes.get(channel.route)
    members?.delete(channel)
    if (members && members.size === 0) this.routes.delete(channel.route)
    const diff = this.presence.untrack(channel.route, channel.id)
    if (diff) this.fanOutPresence(channel.route, channel.topic, diff)
  }

  private async refreshToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_')) return
    let identity: Identity
    try {
      identity = await identify(token, this.config)
    } catch (error) {
      this.shutdown(channel, (error as Error).message)
      return
    }
    if (channel.isPrivate) {
      const readable = await readableExtensions(this.db, identity, channel.subtopic)
      if (readable.size === 0) {
        this.shutdown(
          channel,
          `You do not have permissions to read from this Channel topic: ${channel.subtopic}`,
        )
        return
      }
      channel.readable = readable
      channel.writable.clear()
    }
    channel.identity = identity
    this.scheduleExpiry(channel)
  }

  private async mayWrite(channel: Channel, extension: Extension): Promise<boolean> {
    if (!channel.isPrivate) return true
    let allowed = channel.writable.get(extension)
    if (allowed === undefined) {
      allowed = await canWrite(this.db, channel.identity, channel.subtopic, extension)
      channel.writable.set(extension, allowed)
    }
    return allowed
  }

  private async clientBroadcast(channel: Channel, frame: Frame): Promise<void> {
    const { event, payload } = frame.payload
    if (typeof event !== 'string') {
      this.reply(channel.conn, frame, 'error', { reason: 'broadcast event must be a string' })
      return
    }
    if (!(await this.mayWrite(channel, 'broadcast'))) {
      this.reply(channel.conn, frame, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.subtopic}`,
      })
      return
    }
    this.fanOutBroadcast(
      channel.route,
      channel.topic,
      { type: 'broadcast', event, payload },
      channel.self ? null : channel,
    )
    if (channel.ack) this.reply(channel.conn, frame, 'ok', {})
  }

  private async clientPresence(channel: Channel, frame: Frame): Promise<void> {
    const { event, payload } = frame.payload
    if (!(await this.mayWrite(channel, 'presence'))) {
      this.reply(channel.conn, frame, 'error', {
        reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${channel.subtopic}`,
      })
      return
    }
    if (event === 'track') {
      if (!isRecord(payload)) {
        this.reply(channel.conn, frame, 'error', { reason: 'Presence track payload must be a map' })
        return
      }
      const diff = this.presence.track(channel.route, channel.id, channel.presenceKey, payload)
      this.reply(channel.conn, frame, 'ok', {})
      this.fanOutPresence(channel.route, channel.topic, diff)
      return
    }
    if (event === 'untrack') {
      const diff = this.presence.untrack(channel.route, channel.id)
      this.reply(channel.conn, frame, 'ok', {})
      if (diff) this.fanOutPresence(channel.route, channel.topic, diff)
      return
    }
    this.reply(channel.conn, frame, 'error', { reason: 'Presence event must be track or untrack' })
  }

  private fanOutPresence(route: string, topic: string, diff: PresenceDiff): void {
    const shared = new SharedFrame({
      joinRef: null,
      ref: null,
      topic,
      event: 'presence_diff',
      payload: diff,
    })
    for (const member of this.routes.get(route) ?? []) {
      if (member.readable.has('presence') && member.conn.ws.readyState === member.conn.ws.OPEN) {
        member.conn.ws.send(shared.encoded(member.conn.vsn))
      }
    }
  }

  private fanOutBroadcast(
    route: string,
    topic: string,
    payload: Record<string, unknown>,
    except: Channel | null,
  ): number {
    const shared = new SharedFrame({ joinRef: null, ref: null, topic, event: 'broadcast', payload })
    let delivered = 0
    for (const member of this.routes.get(route) ?? []) {
      if (member === except || !member.readable.has('broadcast')) continue
      if (member.conn.ws.readyState !== member.conn.ws.OPEN) continue
      member.conn.ws.send(shared.encoded(member.conn.vsn))
      delivered++
    }
    return delivered
  }

  /** Delivers a message to the joined channels of its topic (authorised at join). */
  broadcast(message: BroadcastMessage): number {
    const payload: Record<string, unknown> = {
      type: 'broadcast',
      event: message.event,
      payload: message.payload,
    }
    if (message.id) payload.meta = { id: message.id }
    return this.fanOutBroadcast(
      routeOf(message.isPrivate, message.topic),
      TOPIC_PREFIX + message.topic,
      payload,
      null,
    )
  }

  /** Whether an identity may send to a private topic (the HTTP broadcast API). */
  mayPublish(identity: Identity, topic: string): Promise<boolean> {
    return canWrite(this.db, identity, topic, 'broadcast')
  }

  /** Reads the rows named by pending notifications (one query per batch) and fans them out. */
  private async deliverStoredMessages(): Promise<void> {
    const ids = this.feedIds
    this.feedIds = []
    if (ids.length === 0) return
    // People wait on these (a chat message, an owner's alert): the request lane, not
    // the background one, or a burst of API requests would hold chat delivery back.
    const result = await this.db.query<{
      id: string
      topic: string
      event: string | null
      payload: unknown
      private: boolean | null
      extension: string
    }>(
      `select id::text as id, topic, event, payload, private, extension
       from realtime.messages where id = any($1::uuid[])`,
      [ids],
    )
    const rows = new Map(result.rows.map((row) => [row.id, row]))
    for (const id of ids) {
      const row = rows.get(id)
      if (!row || row.extension !== 'broadcast') continue
      this.broadcast({
        topic: row.topic,
        event: row.event ?? '',
        payload: row.payload,
        isPrivate: row.private === true,
        id,
      })
    }
  }

  /** Channels currently joined, for diagnostics and the bench. */
  channelCount(): number {
    let count = 0
    for (const members of this.routes.values()) count += members.size
    return count
  }
}

/**
 * What a phx_join payload asks for: its config's broadcast and presence options,
 * private or public, the postgres_changes bindings, and the user's token (a
 * `user_token` or `access_token` that is not an sb_ key), if any.
 */
function joinSettings(payload: Record<string, unknown>) {
  const config = isRecord(payload.config) ? payload.config : {}
  return {
    broadcast: isRecord(config.broadcast) ? config.broadcast : {},
    presence: isRecord(config.presence) ? config.presence : {},
    isPrivate: config.private === true,
    token: [payload.user_token, payload.access_token].find(
      (t): t is string => typeof t === 'string' && t !== '' && !t.startsWith('sb_'),
    ),
    bindings: Array.isArray(config.postgres_changes)
      ? config.postgres_changes.filter(isRecord)
      : [],
  }
}
