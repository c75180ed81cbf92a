import { expect } from '@playwright/test'
import { INBOX_URL } from './urls.ts'

/** The dev inbox's Mailpit-style JSON API (local-supabase/inbox). */

type Address = { Name?: string; Address: string }
type MessageSummary = { ID: string; To: Address[]; Subject: string; Created: string }
type MessageList = { messages: MessageSummary[] }
export type Message = MessageSummary & { HTML: string; Text: string }
type Sms = { To: string; Body: string }

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${INBOX_URL}${path}`)
  if (!response.ok) throw new Error(`Inbox ${path} answered ${response.status}`)
  return (await response.json()) as T
}

function isTo(message: MessageSummary, address: string): boolean {
  return message.To.some((to) => to.Address.toLowerCase() === address.toLowerCase())
}

/** Waits for the n-th e-mail to `address` (optionally whose subject matches) and returns it in full. */
export async function waitForEmail(address: string, subject?: RegExp): Promise<Message> {
  let found: MessageSummary | undefined
  await expect
    .poll(
      async () => {
        const { messages } = await getJson<MessageList>('/api/v1/messages?limit=500')
        found = messages.find((m) => isTo(m, address) && (!subject || subject.test(m.Subject)))
        return found !== undefined
      },
      { message: `an e-mail to ${address} in the dev inbox`, timeout: 30_000 },
    )
    .toBe(true)
  if (!found) throw new Error('unreachable')
  return getJson<Message>(`/api/v1/message/${found.ID}`)
}

/** Every link (href) in an e-mail's HTML, with HTML entities in the URL decoded. */
export function linksIn(message: Message): string[] {
  const links = [...message.HTML.matchAll(/href\s*=\s*"([^"]+)"/gi)].map((m) => m[1] ?? '')
  const fromText = message.Text.match(/https?:\/\/\S+/g) ?? []
  return [...links, ...fromText].map((href) => href.replaceAll('&amp;', '&')).filter(Boolean)
}

/** The first link in the e-mail that matches `pattern`. */
export function linkIn(message: Message, pattern: RegExp): string {
  const link = linksIn(message).find((href) => pattern.test(href))
  if (!link)
    throw new Error(
      `No link matching ${pattern} in "${message.Subject}": ${linksIn(message).join(' ')}`,
    )
  return link
}

/** The national part of a UK number, so 07700 900123 and +447700900123 compare equal. */
function nationalDigits(number: string): string {
  return number.replace(/\D/g, '').slice(-10)
}

/** Text messages captured for a number, in whatever form the sender wrote it. */
export async function smsTo(number: string): Promise<Sms[]> {
  const { messages } = await getJson<{ messages: Sms[] }>('/api/v1/sms')
  return messages.filter((sms) => nationalDigits(sms.To) === nationalDigits(number))
}

/** Texts about the owner's items for a number: all but the mobile number's verification codes. */
export async function alertTextsTo(number: string): Promise<Sms[]> {
  return (await smsTo(number)).filter((sms) => !sms.Body.startsWith('Your Homeward code is'))
}

/** How many e-mails to `address` the dev inbox holds whose subject matches. */
export async function countEmails(address: string, subject: RegExp): Promise<number> {
  const { messages } = await getJson<MessageList>('/api/v1/messages?limit=500')
  return messages.filter((m) => isTo(m, address) && subject.test(m.Subject)).length
}
