/**
 * Shared by the stack conformance tests: a stack started in-process on free
 * ports with an in-memory database, and unmodified supabase-js clients for it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { ConfigOverrides } from '../config.ts'
import { startStack, type RunningStack, type StartStackOptions } from '../stack.ts'
import { openOnScratch } from './scratch-database.ts'

export type TestStack = RunningStack

/**
 * A stack on free ports without functions or schedules, on PGlite in memory or
 * (with DATABASE_URL) a database of its own on that server, dropped on close.
 */
export async function startTestStack(
  config: ConfigOverrides = {},
  options: Omit<StartStackOptions, 'config'> = {},
): Promise<TestStack> {
  return openOnScratch((databaseUrl) =>
    startStack({
      ports: { api: 0, inbox: 0, db: 0 },
      dataDir: null,
      dbSocket: false,
      functions: false,
      scheduler: false,
      seed: false,
      env: {},
      ...options,
      config: {
        logLevel: 'silent',
        ...(databaseUrl ? { databaseUrl } : {}),
        ...config,
      },
    }),
  )
}

/** A browser-like client: memory storage, no URL detection, no auto refresh timers. */
export function client(stack: TestStack, key = stack.config.publishableKey): SupabaseClient {
  return createClient(stack.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

export function serviceClient(stack: TestStack): SupabaseClient {
  return client(stack, stack.config.secretKey)
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`
}

type MailpitSummary = { ID: string; Subject: string; To: { Name: string; Address: string }[] }

/** The newest e-mail to `address` in the dev inbox, read through its Mailpit API. */
export async function latestEmailTo(
  stack: TestStack,
  address: string,
): Promise<{ ID: string; Subject: string; HTML: string; Text: string } | null> {
  const list = (await (await fetch(`${stack.inboxUrl}/api/v1/messages`)).json()) as {
    messages: MailpitSummary[]
  }
  const summary = list.messages.find((m) => m.To.some((t) => t.Address === address))
  if (!summary) return null
  return (await (await fetch(`${stack.inboxUrl}/api/v1/message/${summary.ID}`)).json()) as {
    ID: string
    Subject: string
    HTML: string
    Text: string
  }
}

/** The first link in an e-mail's text body. */
export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text)
  if (!match) throw new Error(`no link in: ${text}`)
  return match[0]
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}
