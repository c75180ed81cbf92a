/**
 * Shared by the stack conformance tests: a stack started in-process on free
 * ports with an in-memory database, and unmodified supabase-js clients for it.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { ConfigOverrides } from '../../local-supabase/config.ts'
import { startStack, type RunningStack } from '../../local-supabase/stack.ts'

export type TestStack = RunningStack

export async function startTestStack(config: ConfigOverrides = {}): Promise<TestStack> {
  return startStack({
    ports: { api: 0, inbox: 0, db: 0 },
    dataDir: null,
    dbSocket: false,
    functions: false,
    scheduler: false,
    seed: false,
    config: { logLevel: 'silent', ...config },
    env: {},
  })
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
