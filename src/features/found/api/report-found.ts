import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/types/database.types'
import { loadSupabase } from '@/lib/load-supabase'
import type { LastReport } from '@/lib/last-report'
import { type PowChallenge, type PowSolution, solvePow } from '@/features/found/proof-of-work'
import {
  newSubmissionKey,
  REPORT_MESSAGES,
  type FoundReport,
} from '@/features/found/report-submission'
import { refusalMessage } from '@/features/found/api/report-refusal'
import { activeLocale } from '@/lib/i18n/i18n'
import { SOURCE_LOCALE } from '@/lib/i18n/locales'
import type { MessageId } from '@/lib/i18n/message-id'

export class ReportError extends Error {
  /** True when the backend never answered (no connection): the report can be sent later. */
  readonly isNetwork: boolean
  /** `message` is a catalog message id (lib/i18n), translated where it is shown. */
  constructor(message: MessageId, { isNetwork = false }: { isNetwork?: boolean } = {}) {
    super(message)
    this.isNetwork = isNetwork
  }
}

const noConnection = () => new ReportError(REPORT_MESSAGES.failed, { isNetwork: true })

/** The refusal's code (or today's English sentence) as a catalog message (report-refusal.ts). */
async function readErrorMessage(
  response: Response,
  fallback: MessageId = REPORT_MESSAGES.invalidEmail,
): Promise<MessageId> {
  let body: unknown = null
  try {
    body = await response.json()
  } catch {
    // not JSON: the fallback says it
  }
  return refusalMessage(body, fallback)
}

/** The language the finder reads, stored with the report (BCP 47; the pseudo-locale is English). */
function reportLanguage(): string {
  const locale = activeLocale()
  return locale === 'en-XA' ? SOURCE_LOCALE : locale
}

type SupabaseJs = typeof import('@supabase/supabase-js')

/**
 * Fetches a bot-check challenge and solves it (invisibly, in well under a second).
 * Challenges are issued within limits per finder and address: a 429 shows its words.
 */
async function proveNotABot(
  supabase: SupabaseClient<Database>,
  { FunctionsFetchError, FunctionsHttpError }: SupabaseJs,
): Promise<PowSolution> {
  const { data, error } = await supabase.functions.invoke<PowChallenge>('pow-challenge')
  if (error instanceof FunctionsFetchError) throw noConnection()
  if (error instanceof FunctionsHttpError && (error.context as Response).status === 429) {
    throw new ReportError(
      await readErrorMessage(error.context as Response, REPORT_MESSAGES.tooMany),
    )
  }
  const solution = !error && data ? await solvePow(data) : null
  if (!solution) throw new ReportError(REPORT_MESSAGES.serverError)
  return solution
}

/**
 * Signs the finder in anonymously if needed, then calls the report-found function
 * with the submission's key; a request that never got an answer is sent once more.
 * Throws a ReportError: `isNetwork` when the backend could not be reached at all
 * (the caller may keep the report and send it later with the same key), else the
 * refusal in the product's words.
 */
export async function reportFound(
  report: FoundReport,
  idempotencyKey: string = newSubmissionKey(),
): Promise<LastReport> {
  let supabase: SupabaseClient<Database>
  let supabaseJs: SupabaseJs
  try {
    ;[supabase, supabaseJs] = await Promise.all([loadSupabase(), import('@supabase/supabase-js')])
  } catch {
    // The code could not be loaded: no connection (and not in the offline cache).
    throw noConnection()
  }
  const { FunctionsFetchError, FunctionsHttpError, isAuthRetryableFetchError } = supabaseJs
  const { data: sessionData, error: sessionError } = await supabase.auth.getSession()
  // An expired session that could not be refreshed for want of a connection is kept,
  // not replaced by a new anonymous finder: the idempotency key holds per finder. (A
  // session the server refused is gone: the finder signs in anew, as before.)
  if (sessionError && isAuthRetryableFetchError(sessionError)) throw noConnection()
  if (!sessionData.session) {
    const { error } = await supabase.auth.signInAnonymously()
    if (error && isAuthRetryableFetchError(error)) throw noConnection()
    if (error) throw new ReportError(REPORT_MESSAGES.serverError)
  }
  // A fresh proof per request: each challenge is accepted once, and a request that got
  // no answer may have used it already (the idempotency key returns that first report).
  const send = async () => {
    const proof = await proveNotABot(supabase, supabaseJs)
    return supabase.functions.invoke<LastReport>('report-found', {
      // The finder's e-mails come in their page's language; the owner is told it.
      body: { ...report, idempotencyKey, proof, language: reportLanguage() },
    })
  }
  let { data, error } = await send()
  if (error instanceof FunctionsFetchError) ({ data, error } = await send())
  if (error instanceof FunctionsFetchError) throw noConnection()
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      if (response.status === 429)
        throw new ReportError(await readErrorMessage(response, REPORT_MESSAGES.tooMany))
      if (response.status === 404) {
        throw new ReportError(await readErrorMessage(response, REPORT_MESSAGES.tagNotFound))
      }
      if (response.status === 400 || response.status === 403) {
        throw new ReportError(await readErrorMessage(response))
      }
    }
    throw new ReportError(REPORT_MESSAGES.serverError)
  }
  if (!data || typeof data.chatUrl !== 'string' || typeof data.chatId !== 'string') {
    throw new ReportError(REPORT_MESSAGES.serverError)
  }
  return { chatId: data.chatId, chatUrl: data.chatUrl }
}
