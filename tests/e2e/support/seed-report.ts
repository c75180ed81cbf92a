import { createClient } from '@supabase/supabase-js'
import type { Browser } from '@playwright/test'
import WebSocket from 'ws'
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../../local-supabase/config.ts'
import type { Database } from '../../../src/types/database.types.ts'
import type { Journey } from './journey-state.ts'
import type { Finder } from './people.ts'
import { API_URL, APP_URL } from './urls.ts'

const options = {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
}

/**
 * Stands in for the finder's pages while they have not landed: files a report for
 * `tagCode` the way report-found does (an anonymous finder, create_found_report as
 * the service role), then opens the chat link once in a browser so that browser
 * holds the finder's session. Returns what the finder journey would have saved.
 */
export async function seedReportThroughApi(
  browser: Browser,
  tagCode: string,
  finder: Finder,
): Promise<Required<Pick<Journey, 'chatLink' | 'finderState'>>> {
  const anonymous = createClient<Database>(API_URL, LOCAL_PUBLISHABLE_KEY, options)
  const { data: session, error: signInError } = await anonymous.auth.signInAnonymously()
  if (signInError || !session.user)
    throw new Error(`anonymous sign-in failed: ${signInError?.message}`)

  const admin = createClient<Database>(API_URL, LOCAL_SERVICE_ROLE_KEY, options)
  const { data, error } = await admin.rpc('create_found_report', {
    tag_code: tagCode,
    finder_id: session.user.id,
    finder_name: finder.name,
    finder_email: finder.email,
    finder_phone: finder.phone,
    finder_address: finder.address,
    found_location: finder.where,
    site_url: APP_URL,
  })
  const report = data?.[0]
  if (error || !report) throw new Error(`create_found_report failed: ${error?.message ?? 'no row'}`)
  const chatLink = `${APP_URL}/chat?chatId=${report.chat_id}#token=${report.invite_token}`

  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(chatLink)
  await page.getByRole('textbox', { name: /message/i }).waitFor({ timeout: 20_000 })
  const finderState = await context.storageState()
  await context.close()
  return { chatLink, finderState }
}
