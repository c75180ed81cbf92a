/**
 * Work that continues after the response: Supabase's edge runtime keeps the
 * worker alive for it through EdgeRuntime.waitUntil; where that is missing
 * (plain Deno, the local stack's long-lived workers) the promise simply runs on.
 */
type EdgeRuntimeGlobal = { waitUntil?: (promise: Promise<unknown>) => void }

export function runInBackground(work: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: EdgeRuntimeGlobal }).EdgeRuntime
  const guarded = work.catch((error: unknown) => console.error('Background work failed', error))
  if (typeof runtime?.waitUntil === 'function') runtime.waitUntil(guarded)
}
