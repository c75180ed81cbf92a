/**
 * The notification outbox, delivered once: claim due rows under a lease, look
 * up an SMS whose earlier outcome was lost before sending it again, send
 * through the SMS or e-mail provider (10 s deadline, e-mails with an
 * idempotency key) and record accepted / refused (retry with backoff) /
 * unknown (look it up next time). Providers and the database are injected so
 * `deno test` can drive every case.
 *
 * An SMS is never sent twice, however slow the provider: each carries a short
 * reference of its own (smsReference) that the look-up matches exactly, and one
 * whose send outcome is unknown is sent again only when the claim says the
 * provider's answer window and look-up lag have passed (lookup_only false, set
 * in SQL from app_private.sms_delivery_settings) and a complete look-up found
 * nothing. A send never starts later than SEND_START_MARGIN_MS before the lease
 * ends, so a holder whose lease ran out cannot send after SQL stopped waiting.
 */
import {
  type RenderedEmail,
  renderEmail,
  renderPush,
  renderSms,
  type Template,
} from './notification-templates.ts'
import { type EmailConfig, resendEmail } from './providers/email.ts'
import { type Fetch, PROVIDER_TIMEOUT_MS, type SendOutcome } from './providers/provider-call.ts'
import {
  type PushMessage,
  type PushOutcome,
  type VapidConfig,
  webPush,
} from './providers/web-push.ts'
import {
  type SmsLookup,
  type SmsMessage,
  toE164,
  twilioSms,
  type TwilioConfig,
} from './providers/twilio.ts'

export type NotificationRow = {
  id: string
  dedupe_key: string
  channel: 'sms' | 'email' | 'push'
  template: Template
  recipient: string
  payload: Record<string, unknown>
  attempts: number
  /** This claim's lease; only its holder records a refusal or an unknown outcome. */
  lease_id: string | null
  /** An earlier attempt may have reached the provider. */
  outcome_unknown: boolean
  /** This claim may only look an SMS up: an earlier send's answer window is still open. */
  lookup_only: boolean
  /** When this claim's lease ends (the database's clock). */
  locked_until: string | null
  first_attempt_at: string | null
}

export type Providers = {
  sendSms(message: SmsMessage): Promise<SendOutcome>
  /** Whether the provider holds this SMS (by its reference); throws when it cannot tell. */
  findSms(message: SmsMessage): Promise<SmsLookup>
  sendEmail(message: RenderedEmail): Promise<SendOutcome>
  /** Web Push to one device; 'gone' when its push service no longer knows the subscription. */
  sendPush(message: PushMessage): Promise<PushOutcome>
}

export type ClaimOptions = { maxRows: number; forReport?: string }

export type OutboxDb = {
  claim(options: ClaimOptions): Promise<NotificationRow[]>
  complete(row: NotificationRow, providerId: string): Promise<void>
  fail(row: NotificationRow, error: string, retryAfterSeconds?: number): Promise<void>
  /**
   * The provider may have it. `sent`: this attempt sent it (its answer window
   * starts now); false when only a look-up could not tell.
   */
  unknown(row: NotificationRow, error: string, options?: { sent: boolean }): Promise<void>
  /** Adds the due reminders (escalation) to the outbox; returns how many. */
  enqueueReminders(): Promise<number>
  /**
   * The push service answered 404/410 for this row's device: the subscription is
   * removed (its other pushes cancelled) and the row given up, and a text held
   * back for the push goes now if no device of the owner got the alert.
   */
  pushGone(row: NotificationRow, error: string): Promise<void>
}

export type Outcome = 'sent' | 'refused' | 'unknown'
export type DispatchSummary = { claimed: number; sent: number; failed: number; unknown: number }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The SMS's reference: the first 10 hex digits of its row's random id (40 bits),
 * the same on every attempt, so the look-up matches this SMS and no other.
 */
export function smsReference(row: Pick<NotificationRow, 'id'>): string {
  return row.id
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 10)
    .toUpperCase()
}

/** How long a push service keeps an alert for a device that is off: a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60

/** A push row's request: its device (copied into the row when it was added) and what it shows. */
export function pushFor(row: NotificationRow): PushMessage {
  const text = (name: string) => {
    const value = row.payload[name]
    return typeof value === 'string' ? value : ''
  }
  const content = renderPush(row)
  return {
    target: { endpoint: text('endpoint'), p256dh: text('p256dh'), auth: text('auth') },
    content,
    ttlSeconds: PUSH_TTL_SECONDS,
    // A found report wakes the phone; a chat message may wait for its next wake-up.
    urgency: row.template === 'found_push' ? 'high' : 'normal',
    topic: text('chat_id').replace(/-/g, '').slice(0, 32) || undefined,
  }
}

export function smsFor(row: NotificationRow): SmsMessage {
  const reference = smsReference(row)
  return { to: toE164(row.recipient), body: renderSms(row, reference), reference }
}

/** A send must start this long before the lease ends (its deadline, and 5 s for clocks). */
export const SEND_START_MARGIN_MS = PROVIDER_TIMEOUT_MS + 5_000

function leaseEndsTooSoon(row: NotificationRow): boolean {
  if (!row.locked_until) return false
  return Date.parse(row.locked_until) - Date.now() < SEND_START_MARGIN_MS
}

/**
 * An SMS an earlier attempt may have sent: found → sent; not listed → sent again
 * only if the claim allows it (answer window and look-up lag over) and there is
 * lease left to start a send; otherwise it stays unknown. Null means: send it.
 */
async function reconcileSms(
  row: NotificationRow,
  message: SmsMessage,
  db: OutboxDb,
  providers: Providers,
): Promise<Outcome | null> {
  let lookup: SmsLookup
  try {
    lookup = await providers.findSms(message)
  } catch (error) {
    await db.unknown(row, `lookup failed: ${describe(error)}`, { sent: false })
    return 'unknown'
  }
  if (lookup.found) {
    await db.complete(row, lookup.providerId)
    return 'sent'
  }
  if (row.lookup_only) {
    await db.unknown(row, 'not listed by the provider yet; its answer window is still open', {
      sent: false,
    })
    return 'unknown'
  }
  if (leaseEndsTooSoon(row)) {
    await db.unknown(row, 'not listed by the provider; too little lease left to send', {
      sent: false,
    })
    return 'unknown'
  }
  return null
}

/** One claimed row, start to finish. Never throws; a lost write leaves the lease to expire. */
export async function deliver(
  row: NotificationRow,
  db: OutboxDb,
  providers: Providers,
): Promise<Outcome> {
  if (row.channel === 'push') return deliverPush(row, db, providers)
  let result: SendOutcome
  let sendStarted = false
  try {
    if (row.channel === 'sms') {
      const message = smsFor(row)
      if (row.outcome_unknown) {
        // Never resend blindly: the provider may have taken it before we lost track.
        const reconciled = await reconcileSms(row, message, db, providers)
        if (reconciled) return reconciled
      }
      sendStarted = true
      result = await providers.sendSms(message)
    } else {
      sendStarted = true
      result = await providers.sendEmail(renderEmail(row))
    }
  } catch (error) {
    result = { outcome: 'unknown', error: describe(error) }
  }
  try {
    if (result.outcome === 'accepted') {
      await db.complete(row, result.providerId)
      return 'sent'
    }
    if (result.outcome === 'refused') {
      await db.fail(row, result.error, result.retryAfterSeconds)
      return 'refused'
    }
    // A throw before the send started (recording a look-up failed) sent nothing new.
    await db.unknown(row, result.error, { sent: sendStarted })
    return 'unknown'
  } catch (error) {
    // Recording failed: the lease runs out and the next claim looks the message up.
    console.error('Recording a notification outcome failed', row.id, describe(error))
    return result.outcome === 'accepted' ? 'sent' : result.outcome
  }
}

/**
 * One push row. A push sent twice is harmless (the device shows one
 * notification per tag), so an unknown outcome is simply sent again later.
 */
async function deliverPush(
  row: NotificationRow,
  db: OutboxDb,
  providers: Providers,
): Promise<Outcome> {
  let result: PushOutcome
  try {
    result = await providers.sendPush(pushFor(row))
  } catch (error) {
    result = { outcome: 'unknown', error: describe(error) }
  }
  try {
    if (result.outcome === 'accepted') {
      await db.complete(row, result.providerId)
      return 'sent'
    }
    if (result.outcome === 'gone') {
      await db.pushGone(row, result.error)
      return 'refused'
    }
    if (result.outcome === 'refused') {
      await db.fail(row, result.error, result.retryAfterSeconds)
      return 'refused'
    }
    await db.unknown(row, result.error, { sent: true })
    return 'unknown'
  } catch (error) {
    console.error('Recording a push outcome failed', row.id, describe(error))
    return result.outcome === 'accepted'
      ? 'sent'
      : result.outcome === 'unknown'
        ? 'unknown'
        : 'refused'
  }
}

/** Claims due rows (each row by one lease only), sends them and records each outcome. */
export async function dispatchOutbox(
  db: OutboxDb,
  providers: Providers,
  options: ClaimOptions = { maxRows: 20 },
): Promise<DispatchSummary> {
  const rows = await db.claim(options)
  const outcomes = await Promise.all(rows.map((row) => deliver(row, db, providers)))
  return {
    claimed: rows.length,
    sent: outcomes.filter((outcome) => outcome === 'sent').length,
    failed: outcomes.filter((outcome) => outcome === 'refused').length,
    unknown: outcomes.filter((outcome) => outcome === 'unknown').length,
  }
}

export type ProviderConfig = { twilio: TwilioConfig; email: EmailConfig; push: VapidConfig }

export function readProviderConfig(source: {
  get(name: string): string | undefined
}): ProviderConfig {
  const names = [
    'TWILIO_API_URL',
    'TWILIO_ACCOUNT_SID',
    'TWILIO_AUTH_TOKEN',
    'TWILIO_FROM_NUMBER',
    'EMAIL_API_URL',
    'EMAIL_API_KEY',
    'EMAIL_FROM',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
  ] as const
  const missing = names.filter((name) => !source.get(name))
  if (missing.length > 0) throw new Error(`Missing function configuration: ${missing.join(', ')}`)
  const get = (name: (typeof names)[number]) => source.get(name) as string
  return {
    twilio: {
      apiUrl: get('TWILIO_API_URL'),
      accountSid: get('TWILIO_ACCOUNT_SID'),
      authToken: get('TWILIO_AUTH_TOKEN'),
      from: get('TWILIO_FROM_NUMBER'),
    },
    email: { apiUrl: get('EMAIL_API_URL'), apiKey: get('EMAIL_API_KEY'), from: get('EMAIL_FROM') },
    push: {
      publicKey: get('VAPID_PUBLIC_KEY'),
      privateKey: get('VAPID_PRIVATE_KEY'),
      subject: get('VAPID_SUBJECT'),
      ...(source.get('WEB_PUSH_LOCAL_ENDPOINT')
        ? { localEndpointPrefix: source.get('WEB_PUSH_LOCAL_ENDPOINT') }
        : {}),
    },
  }
}

/** Twilio for text messages, a Resend-shaped API for e-mail and Web Push, over fetch. */
export function httpProviders(config: ProviderConfig, fetchImpl: Fetch = fetch): Providers {
  const sms = twilioSms(config.twilio, fetchImpl)
  const email = resendEmail(config.email, fetchImpl)
  const push = webPush(config.push, fetchImpl)
  return {
    sendSms: sms.sendSms,
    findSms: sms.findSms,
    sendEmail: email.sendEmail,
    sendPush: push.sendPush,
  }
}

/**
 * Delivery right after commits, coalesced: every report kicks it, but while a
 * claim is on its way to the database further kicks only ask for one more
 * claim afterwards, so 50 reports at once cost a few claims, not 50. Rows are
 * delivered as soon as they are claimed; the promise settles when the claims
 * and the deliveries they started are done (for EdgeRuntime.waitUntil).
 */
export function createDeliveryKicker(
  db: OutboxDb,
  providers: Providers,
  maxRows = 50,
): () => Promise<void> {
  let loop: Promise<void> | null = null
  let wanted = false
  const deliveries = new Set<Promise<unknown>>()
  async function claimWhileWanted(): Promise<void> {
    do {
      wanted = false
      const rows = await db.claim({ maxRows })
      for (const row of rows) {
        const delivery = deliver(row, db, providers)
        deliveries.add(delivery)
        void delivery.finally(() => deliveries.delete(delivery))
      }
      if (rows.length === maxRows) wanted = true
    } while (wanted)
  }
  return () => {
    if (loop) wanted = true
    else loop = claimWhileWanted().finally(() => (loop = null))
    return loop.then(() => Promise.all([...deliveries])).then(() => undefined)
  }
}
