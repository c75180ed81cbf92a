import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { LastReport } from '@/lib/last-report'
import { type PowChallenge, type PowSolution, solvePow } from '@/features/found/proof-of-work'

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

async function readErrorMessage(
  response: Response,
  fallback: string = REPORT_MESSAGES.invalidEmail,
): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } }
    const message = body.error?.message
    return typeof message === 'string' && message ? message : fallback
  } catch {
    return fallback
  }
}

/** Fetches a bot-check challenge and solves it (invisibly, in well under a second). */
async function proveNotABot(): Promise<PowSolution> {
  const { data, error } = await supabase.functions.invoke<PowChallenge>('pow-challenge')
  const solution = !error && data ? await solvePow(data) : null
  if (!solution) throw new ReportError(REPORT_MESSAGES.failed)
  return solution
}

/** Signs the finder in anonymously if needed, then calls the report-found function. */
export async function reportFound(report: FoundReport): Promise<LastReport> {
  const { data: sessionData } = await supabase.auth.getSession()
  if (!sessionData.session) {
    const { error } = await supabase.auth.signInAnonymously()
    if (error) throw new ReportError(REPORT_MESSAGES.failed)
  }
  const proof = await proveNotABot()
  const { data, error } = await supabase.functions.invoke<LastReport>('report-found', {
    body: { ...report, proof },
  })
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      if (response.status === 429)
        throw new ReportError(await readErrorMessage(response, REPORT_MESSAGES.tooMany))
      if (response.status === 404) throw new ReportError(REPORT_MESSAGES.tagNotFound)
      if (response.status === 400 || response.status === 403) {
        throw new ReportError(await readErrorMessage(response))
      }
    }
    throw new ReportError(REPORT_MESSAGES.failed)
  }
  if (!data || typeof data.chatUrl !== 'string' || typeof data.chatId !== 'string') {
    throw new ReportError(REPORT_MESSAGES.failed)
  }
  return { chatId: data.chatId, chatUrl: data.chatUrl }
}
