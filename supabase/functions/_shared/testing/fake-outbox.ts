/**
 * Test doubles for the outbox: an in-memory table with the SQL functions'
 * semantics (claim is atomic and leased, an expired 'sending' lease comes back
 * as an unknown outcome, only the lease holder records a refusal, an SMS whose
 * send outcome is unknown is claimed lookup_only until its answer window and
 * look-up lag have passed), a controllable clock, and providers that keep what
 * they accepted (so an SMS can be looked up, and an e-mail's idempotency key
 * honoured) and can be told to refuse, hang, lose their answer or list a
 * message late.
 */
import type { RenderedEmail } from '../notification-templates.ts'
import type { ClaimOptions, NotificationRow, OutboxDb, Providers } from '../notifications.ts'
import type { SendOutcome } from '../providers/provider-call.ts'
import type { SmsLookup, SmsMessage } from '../providers/twilio.ts'
import type { PushMessage, PushOutcome } from '../providers/web-push.ts'

export type StoredRow = Omit<NotificationRow, 'locked_until'> & {
  status: 'pending' | 'sending' | 'unknown' | 'sent' | 'failed' | 'cancelled'
  next_attempt_at: number
  locked_until: number | null
  resend_after: number | null
  last_error: string | null
  provider_id: string | null
  report_id: string | null
}

export type NewRow = Pick<
  NotificationRow,
  'id' | 'dedupe_key' | 'channel' | 'template' | 'recipient' | 'payload'
> & { report_id?: string }

export class FakeOutbox implements OutboxDb {
  rows: StoredRow[] = []
  now = 0
  leaseMs = 60_000
  /** app_private.sms_delivery_settings: answer window + look-up lag. */
  resendWindowMs = 180_000
  reminders = 0
  private leases = 0

  constructor(readonly maxAttempts = 8) {}

  add(row: NewRow): void {
    if (this.rows.some((each) => each.dedupe_key === row.dedupe_key)) return
    this.rows.push({
      ...row,
      attempts: 0,
      lease_id: null,
      outcome_unknown: false,
      lookup_only: false,
      first_attempt_at: null,
      status: 'pending',
      next_attempt_at: this.now,
      locked_until: null,
      resend_after: null,
      last_error: null,
      provider_id: null,
      report_id: row.report_id ?? null,
    })
  }

  claim({ maxRows, forReport }: ClaimOptions): Promise<NotificationRow[]> {
    const due = this.rows
      .filter(
        (row) =>
          (((row.status === 'pending' || row.status === 'unknown') &&
            row.next_attempt_at <= this.now) ||
            (row.status === 'sending' && (row.locked_until ?? 0) <= this.now)) &&
          (forReport === undefined || row.report_id === forReport),
      )
      .slice(0, maxRows)
    for (const row of due) {
      if (row.status === 'sending' && row.channel === 'sms') {
        // its holder may have sent it up to the lease's end
        row.resend_after = Math.max(
          row.resend_after ?? 0,
          (row.locked_until ?? 0) + this.resendWindowMs,
        )
      }
      row.outcome_unknown =
        row.outcome_unknown || row.status === 'sending' || row.status === 'unknown'
      row.lookup_only = row.resend_after !== null && row.resend_after > this.now
      row.status = 'sending'
      row.attempts += 1
      this.leases += 1
      row.lease_id = `lease-${this.leases}`
      row.locked_until = this.now + this.leaseMs
      row.first_attempt_at ??= new Date(this.now).toISOString()
    }
    // The lease's end by the real clock, as deliver() compares it.
    return Promise.resolve(
      due.map(({ resend_after: _, ...row }) => ({
        ...row,
        locked_until: new Date(Date.now() + this.leaseMs).toISOString(),
      })),
    )
  }

  complete(claimed: NotificationRow, providerId: string): Promise<void> {
    const row = this.find(claimed.id)
    if (row.status !== 'sent') {
      Object.assign(row, {
        status: 'sent',
        provider_id: providerId,
        lease_id: null,
        locked_until: null,
        outcome_unknown: false,
      })
    }
    return Promise.resolve()
  }

  fail(claimed: NotificationRow, error: string, retryAfterSeconds?: number): Promise<void> {
    const row = this.find(claimed.id)
    if (row.status !== 'sending' || row.lease_id !== claimed.lease_id) return Promise.resolve()
    row.last_error = error
    row.outcome_unknown = false
    this.settle(row, row.attempts >= this.maxAttempts ? 'failed' : 'pending', retryAfterSeconds)
    return Promise.resolve()
  }

  unknown(claimed: NotificationRow, error: string, options = { sent: true }): Promise<void> {
    const row = this.find(claimed.id)
    if (row.status !== 'sending' || row.lease_id !== claimed.lease_id) return Promise.resolve()
    row.last_error = error
    row.outcome_unknown = true
    const windowOpen = row.resend_after !== null && row.resend_after > this.now
    if (options.sent && row.channel === 'sms') {
      row.resend_after = Math.max(row.resend_after ?? 0, this.now + this.resendWindowMs)
    }
    const resendAfter = row.resend_after
    const givesUp = row.attempts >= this.maxAttempts && (options.sent || !windowOpen)
    this.settle(row, givesUp ? 'failed' : 'unknown')
    if (!options.sent && windowOpen && resendAfter !== null) {
      row.next_attempt_at = Math.min(row.next_attempt_at, resendAfter)
    }
    return Promise.resolve()
  }

  /** Ids of the subscriptions push_subscription_gone removed. */
  goneSubscriptions: string[] = []

  pushGone(claimed: NotificationRow, error: string): Promise<void> {
    const row = this.find(claimed.id)
    if (row.status !== 'sending' || row.lease_id !== claimed.lease_id) return Promise.resolve()
    row.last_error = error
    this.goneSubscriptions.push(row.recipient)
    this.settle(row, 'failed')
    for (const other of this.rows) {
      if (
        other.channel === 'push' &&
        other.recipient === row.recipient &&
        other.status === 'pending'
      ) {
        other.status = 'cancelled'
      }
    }
    return Promise.resolve()
  }

  enqueueReminders(): Promise<number> {
    this.reminders += 1
    return Promise.resolve(0)
  }

  /** Moves the clock past every backoff and lease. */
  later(ms = 3_600_000): void {
    this.now += ms
  }

  byKey(dedupeKey: string): StoredRow {
    const row = this.rows.find((each) => each.dedupe_key === dedupeKey)
    if (!row) throw new Error(`no row ${dedupeKey}`)
    return row
  }

  private settle(row: StoredRow, status: StoredRow['status'], retryAfterSeconds = 0): void {
    row.status = status
    row.lease_id = null
    row.locked_until = null
    row.next_attempt_at =
      this.now + Math.max(30_000 * 2 ** (row.attempts - 1), retryAfterSeconds * 1000)
  }

  private find(id: string): StoredRow {
    const row = this.rows.find((each) => each.id === id)
    if (!row) throw new Error(`no row ${id}`)
    return row
  }
}

/** What the next call to a provider does. */
export type Behaviour =
  | 'accept'
  | 'refuse'
  | 'rate_limit'
  | 'unreachable'
  /** Takes the message, but the answer never arrives (a timeout, a crash). */
  | 'accept_then_lose_answer'
  /** Hangs until released: the caller's deadline decides. */
  | 'hang'

export class FakeProviders implements Providers {
  /** Every message the provider took (what the owner's phone and inbox got). */
  sms: Array<SmsMessage & { sid: string }> = []
  emails: Array<RenderedEmail & { id: string }> = []
  smsBehaviour: Behaviour[] = []
  emailBehaviour: Behaviour[] = []
  /** Every push a push service took. */
  pushes: PushMessage[] = []
  /** What the next push services answer: a behaviour, or 'gone' (404/410). */
  pushBehaviour: Array<Behaviour | 'gone'> = []
  lookups = 0
  lookupFails = 0
  /** How many of the newest accepted SMS the message list does not show yet (its lag). */
  unlisted = 0
  delayMs = 0
  private hung: Array<() => void> = []

  async sendSms(message: SmsMessage): Promise<SendOutcome> {
    await this.pause()
    const behaviour = this.smsBehaviour.shift() ?? 'accept'
    const early = await this.before(behaviour)
    if (early) return early
    const sid = `SM${this.sms.length + 1}`
    this.sms.push({ ...message, sid })
    if (behaviour === 'accept_then_lose_answer') return { outcome: 'unknown', error: 'no answer' }
    return { outcome: 'accepted', providerId: sid }
  }

  findSms(message: SmsMessage): Promise<SmsLookup> {
    this.lookups += 1
    if (this.lookupFails > 0) {
      this.lookupFails -= 1
      return Promise.reject(new Error('SMS lookup HTTP 503'))
    }
    const listed = this.sms.slice(0, Math.max(0, this.sms.length - this.unlisted))
    const match = listed.find(
      (each) => each.to === message.to && each.body.includes(message.reference),
    )
    return Promise.resolve(match ? { found: true, providerId: match.sid } : { found: false })
  }

  async sendEmail(message: RenderedEmail): Promise<SendOutcome> {
    await this.pause()
    const behaviour = this.emailBehaviour.shift() ?? 'accept'
    const early = await this.before(behaviour)
    if (early) return early
    // Resend's Idempotency-Key: the same key answers with the first e-mail.
    let stored = this.emails.find((each) => each.idempotencyKey === message.idempotencyKey)
    if (!stored) {
      stored = { ...message, id: `em_${this.emails.length + 1}` }
      this.emails.push(stored)
    }
    if (behaviour === 'accept_then_lose_answer') return { outcome: 'unknown', error: 'no answer' }
    return { outcome: 'accepted', providerId: stored.id }
  }

  async sendPush(message: PushMessage): Promise<PushOutcome> {
    await this.pause()
    const behaviour = this.pushBehaviour.shift() ?? 'accept'
    if (behaviour === 'gone') return { outcome: 'gone', error: 'Push service HTTP 410: gone' }
    const early = await this.before(behaviour)
    if (early) return early
    this.pushes.push(message)
    if (behaviour === 'accept_then_lose_answer') return { outcome: 'unknown', error: 'no answer' }
    return { outcome: 'accepted', providerId: `push_${this.pushes.length}` }
  }

  /** Lets every hung call answer as an unknown outcome (its deadline passed). */
  releaseHung(): void {
    for (const release of this.hung.splice(0)) release()
  }

  private async before(behaviour: Behaviour): Promise<SendOutcome | null> {
    if (behaviour === 'refuse') return { outcome: 'refused', error: 'HTTP 400' }
    if (behaviour === 'rate_limit') {
      return { outcome: 'refused', error: 'HTTP 429', retryAfterSeconds: 120 }
    }
    if (behaviour === 'unreachable') return { outcome: 'refused', error: 'Connection refused' }
    if (behaviour === 'hang') {
      await new Promise<void>((resolve) => this.hung.push(resolve))
      return { outcome: 'unknown', error: 'no answer within 10 s' }
    }
    return null
  }

  private pause(): Promise<void> {
    return this.delayMs > 0
      ? new Promise((resolve) => setTimeout(resolve, this.delayMs))
      : Promise.resolve()
  }
}
