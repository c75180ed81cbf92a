import { loadSupabase } from '@/lib/load-supabase'
import type { LastReport } from '@/lib/last-report'

export type FoundReport = {
  tagCode: string
  name: string
  email: string
  phone: string
  address: string
  foundLocation: string
}

export const REPORT_MESSAGES = {
  invalidEmail: 'Invalid email',
  tagNotFound: 'Tag not found',
  tooMany: 'Too many reports have been sent for this tag. Please try again in an hour.',
  failed: 'We could not inform the owner. Please check your connection and try again.',
} as const

export class ReportError extends Error {}

async function readErrorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } }
    const message = body.error?.message
    return typeof message === 'string' && message ? message : REPORT_MESSAGES.invalidEmail
  } catch {
    return REPORT_MESSAGES.invalidEmail
  }
}

/**
 * One key per form submission (URL-safe, 32 hex characters): the function returns
 * the first report for a repeated key, so a retried request never reports twice.
 * crypto.getRandomValues works on plain-http LAN addresses too, unlike randomUUID.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Signs the finder in anonymously if needed, then calls the report-found function
 * with the submission's key; a request that never got an answer is sent once more.
 */
export async function reportFound(
  report: FoundReport,
  idempotencyKey: string = newSubmissionKey(),
): Promise<LastReport> {
  const [supabase, { FunctionsFetchError, FunctionsHttpError }] = await Promise.all([
    loadSupabase(),
    import('@supabase/supabase-js'),
  ])
  const { data: sessionData } = await supabase.auth.getSession()
  if (!sessionData.session) {
    const { error } = await supabase.auth.signInAnonymously()
    if (error) throw new ReportError(REPORT_MESSAGES.failed)
  }
  const send = () =>
    supabase.functions.invoke<LastReport>('report-found', { body: { ...report, idempotencyKey } })
  let { data, error } = await send()
  if (error instanceof FunctionsFetchError) ({ data, error } = await send())
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      if (response.status === 429) throw new ReportError(REPORT_MESSAGES.tooMany)
      if (response.status === 404) throw new ReportError(REPORT_MESSAGES.tagNotFound)
      if (response.status === 400) throw new ReportError(await readErrorMessage(response))
    }
    throw new ReportError(REPORT_MESSAGES.failed)
  }
  if (!data || typeof data.chatUrl !== 'string' || typeof data.chatId !== 'string') {
    throw new ReportError(REPORT_MESSAGES.failed)
  }
  return { chatId: data.chatId, chatUrl: data.chatUrl }
}
