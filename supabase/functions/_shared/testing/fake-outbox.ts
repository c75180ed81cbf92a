/**
 * Test doubles for the outbox: an in-memory table with the SQL functions'
 * semantics (claim is atomic: a row moves to 'sending' before anyone else can see
 * it), a controllable clock, and recording providers that can be told to fail.
 */
import type {
  EmailMessage,
  NotificationRow,
  OutboxDb,
  Providers,
  SendResult,
  SmsMessage,
} from '../notifications.ts'

export type StoredRow = NotificationRow & {
  status: 'pending' | 'sending' | 'sent' | 'failed'
  next_attempt_at: number
  last_error: string | null
  provider_id: string | null
}

export class FakeOutbox implements OutboxDb {
  rows: StoredRow[] = []
  now = 0

  constructor(readonly maxAttempts = 6) {}

  add(row: NotificationRow): void {
    if (this.rows.some((each) => each.dedupe_key === row.dedupe_key)) return
    this.rows.push({
      ...row,
      status: 'pending',
      next_attempt_at: this.now,
      last_error: null,
      provider_id: null,
    })
  }

  claim(maxRows: number): Promise<NotificationRow[]> {
    const due = this.rows
      .filter((row) => row.status === 'pending' && row.next_attempt_at <= this.now)
      .slice(0, maxRows)
    for (const row of due) {
      row.status = 'sending'
      row.attempts += 1
    }
    return Promise.resolve(due.map((row) => ({ ...row })))
  }

  complete(id: string, providerId: string): Promise<void> {
    const row = this.find(id)
    row.status = 'sent'
    row.provider_id = providerId
    return Promise.resolve()
  }

  fail(id: string, error: string): Promise<void> {
    const row = this.find(id)
    row.last_error = error
    if (row.attempts >= this.maxAttempts) row.status = 'failed'
    else {
      row.status = 'pending'
      row.next_attempt_at = this.now + 30_000 * 2 ** (row.attempts - 1)
    }
    return Promise.resolve()
  }

  private find(id: string): StoredRow {
    const row = this.rows.find((each) => each.id === id)
    if (!row) throw new Error(`no row ${id}`)
    return row
  }
}

export class FakeProviders implements Providers {
  sms: SmsMessage[] = []
  emails: EmailMessage[] = []
  /** Answers to give next, per channel (then success). */
  smsFailures: string[] = []
  emailFailures: string[] = []
  delayMs = 0

  async sendSms(message: SmsMessage): Promise<SendResult> {
    await this.pause()
    const failure = this.smsFailures.shift()
    if (failure) return { ok: false, error: failure }
    this.sms.push(message)
    return { ok: true, providerId: `SM${this.sms.length}` }
  }

  async sendEmail(message: EmailMessage): Promise<SendResult> {
    await this.pause()
    const failure = this.emailFailures.shift()
    if (failure) return { ok: false, error: failure }
    this.emails.push(message)
    return { ok: true, providerId: `em_${this.emails.length}` }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.delayMs))
  }
}
