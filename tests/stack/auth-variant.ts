/**
 * An Auth service with other settings (rate limits, trustProxy) on a running
 * test stack's database, reached by unmodified supabase-js through its `fetch`
 * option: a setting is tested without starting a second stack (each start
 * applies every migration).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { createAuthApp } from '../../local-supabase/auth/app.ts'
import type { StackConfig } from '../../local-supabase/config.ts'
import type { TestStack } from '../../local-supabase/testing/test-stack.ts'

export function authVariant(stack: TestStack, config: Partial<StackConfig>) {
  const app = createAuthApp({
    ...stack.context,
    config: { ...stack.config, ...config },
    apiUrl: stack.apiUrl,
    sendEmail: (email) => stack.inbox.addEmail(email),
  })
  const prefix = `${stack.apiUrl}/auth/v1`
  const fetchVariant: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(prefix)) return fetch(request)
    return app.request(request.url.slice(prefix.length), request)
  }
  const client = (): SupabaseClient =>
    createClient(stack.apiUrl, stack.config.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchVariant },
      realtime: { transport: WebSocket as never },
    })
  return { app, fetch: fetchVariant, client }
}
