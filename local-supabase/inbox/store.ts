/**
 * What the dev inbox holds: every e-mail and text message the stack "sends",
 * newest first when listed. In memory, and, given a file (the stack's data folder,
 * `<dataDir>/inbox.json`), kept there too, so a restart of `npm start` keeps them.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { ReceiverKeys } from './push-receiver.ts'

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

/** One delivery to the inbox's push endpoint, as a push service would have received it. */
export type StoredPush = {
  ID: string
  SubscriptionId: string
  /** What the inbox answered: 201, 410 (gone) or 400. */
  Status: number
  TTL: string
  Urgency: string
  Topic: string
  ContentEncoding: string
  Size: number
  /** The decrypted payload when the inbox holds the subscription's keys, else null. */
  Payload: string | null
  Problems: string[]
  Created: string
}

export type PushInput = {
  subscriptionId: string
  status: number
  ttl: string
  urgency: string
  topic: string
  contentEncoding: string
  size: number
  payload: string | null
  problems: string[]
}

/** A subscription the inbox made, with its private key; `gone` makes it answer 410. */
export type InboxPushSubscription = { id: string; keys: ReceiverKeys; gone: boolean }

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
  addPushSubscription(keys: ReceiverKeys): InboxPushSubscription
  pushSubscription(id: string): InboxPushSubscription | undefined
  addPush(input: PushInput): StoredPush
  pushes(): StoredPush[]
  clearPushes(): void
}

/** Parses `"Name" <a@b.co>`, `Name <a@b.co>` or a bare address. */
export function parseAddress(value: string): Address {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value)
  if (match) return { Name: match[1]?.trim() ?? '', Address: match[2]?.trim() ?? '' }
  return { Name: '', Address: value.trim() }
}

/** Where the stack keeps its inbox: beside its data folder, as Storage keeps its files. */
export function inboxFile(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}-inbox.json`
}

type SavedInbox = { emails: StoredEmail[]; texts: StoredSms[] }

/** What a file holds from an earlier run; nothing if it is missing or not ours. */
function readSaved(file: string | undefined): SavedInbox {
  if (!file) return { emails: [], texts: [] }
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedInbox>
    return {
      emails: Array.isArray(saved.emails) ? saved.emails : [],
      texts: Array.isArray(saved.texts) ? saved.texts : [],
    }
  } catch {
    return { emails: [], texts: [] }
  }
}

/** `file`: where the inbox is kept between runs (none: memory only, as `npm run inbox`). */
export function createInboxStore({ file }: { file?: string } = {}): InboxStore {
  let { emails, texts } = readSaved(file)
  let pushes: StoredPush[] = []
  const subscriptions = new Map<string, InboxPushSubscription>()
  const sends = new Map<string, IdempotentSend>()
  // Written whole after each change (a dev inbox is small), through a temporary file
  // so a stop mid-write never leaves half a file.
  const save = () => {
    if (!file) return
    try {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(`${file}.tmp`, JSON.stringify({ emails, texts } satisfies SavedInbox))
      renameSync(`${file}.tmp`, file)
    } catch (error) {
      console.warn(`The dev inbox could not be saved to ${file}:`, error)
    }
  }
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
      save()
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
      save()
      return sms
    },
    emails: () => emails,
    email: (id) => emails.find((e) => e.ID === id),
    sms: () => texts,
    clearEmails() {
      emails = []
      save()
    },
    clearSms() {
      texts = []
      save()
    },
    addPushSubscription(keys) {
      const subscription = { id: randomUUID(), keys, gone: false }
      subscriptions.set(subscription.id, subscription)
      return subscription
    },
    pushSubscription: (id) => subscriptions.get(id),
    addPush(input) {
      const push: StoredPush = {
        ID: randomUUID(),
        SubscriptionId: input.subscriptionId,
        Status: input.status,
        TTL: input.ttl,
        Urgency: input.urgency,
        Topic: input.topic,
        ContentEncoding: input.contentEncoding,
        Size: input.size,
        Payload: input.payload,
        Problems: input.problems,
        Created: new Date().toISOString(),
      }
      pushes = [push, ...pushes]
      return push
    },
    pushes: () => pushes,
    clearPushes() {
      pushes = []
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
