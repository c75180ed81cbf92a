/**
 * What the dev inbox holds: every e-mail and text message the stack "sends".
 * In memory; newest first when listed.
 */
import { randomUUID } from 'node:crypto'

export type Address = { Name: string; Address: string }

export type EmailInput = {
  from: string
  to: string[]
  subject: string
  html?: string
  text?: string
  cc?: string[]
  bcc?: string[]
  replyTo?: string[]
}

export type StoredEmail = {
  ID: string
  MessageID: string
  From: Address
  To: Address[]
  Cc: Address[]
  Bcc: Address[]
  ReplyTo: Address[]
  Subject: string
  Created: string
  HTML: string
  Text: string
  Read: boolean
  Size: number
}

export type StoredSms = {
  ID: string
  Sid: string
  AccountSid: string
  From: string
  To: string
  Body: string
  Created: string
}

/** What an e-mail API remembers of an Idempotency-Key: the request's fingerprint and its answer. */
export type IdempotentSend = { fingerprint: string; emailId: string; at: number }

export type InboxStore = {
  addEmail(input: EmailInput): StoredEmail
  idempotentSend(key: string): IdempotentSend | undefined
  rememberSend(key: string, send: IdempotentSend): void
  addSms(input: { accountSid: string; from: string; to: string; body: string }): StoredSms
  emails(): StoredEmail[]
  email(id: string): StoredEmail | undefined
  sms(): StoredSms[]
  clearEmails(): void
  clearSms(): void
}

/** Parses `"Name" <a@b.co>`, `Name <a@b.co>` or a bare address. */
export function parseAddress(value: string): Address {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value)
  if (match) return { Name: match[1]?.trim() ?? '', Address: match[2]?.trim() ?? '' }
  return { Name: '', Address: value.trim() }
}

export function createInboxStore(): InboxStore {
  let emails: StoredEmail[] = []
  let texts: StoredSms[] = []
  const sends = new Map<string, IdempotentSend>()
  return {
    idempotentSend: (key) => sends.get(key),
    rememberSend(key, send) {
      sends.set(key, send)
    },
    addEmail(input) {
      const html = input.html ?? ''
      const text = input.text ?? stripTags(html)
      const email: StoredEmail = {
        ID: randomUUID(),
        MessageID: `${randomUUID()}@local-supabase`,
        From: parseAddress(input.from),
        To: input.to.map(parseAddress),
        Cc: (input.cc ?? []).map(parseAddress),
        Bcc: (input.bcc ?? []).map(parseAddress),
        ReplyTo: (input.replyTo ?? []).map(parseAddress),
        Subject: input.subject,
        Created: new Date().toISOString(),
        HTML: html,
        Text: text,
        Read: false,
        Size: Buffer.byteLength(html) + Buffer.byteLength(text),
      }
      emails = [email, ...emails]
      return email
    },
    addSms({ accountSid, from, to, body }) {
      const id = randomUUID()
      const sms: StoredSms = {
        ID: id,
        Sid: `SM${id.replaceAll('-', '')}`,
        AccountSid: accountSid,
        From: from,
        To: to,
        Body: body,
        Created: new Date().toISOString(),
      }
      texts = [sms, ...texts]
      return sms
    },
    emails: () => emails,
    email: (id) => emails.find((e) => e.ID === id),
    sms: () => texts,
    clearEmails() {
      emails = []
    },
    clearSms() {
      texts = []
    },
  }
}

function stripTags(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
