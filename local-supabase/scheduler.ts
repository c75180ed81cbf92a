/**
 * STUB written by the Stack part-1 engineer so the server compiles; the part-2
 * engineer replaces it with the real scheduler (same signature).
 */
import type { StackContext } from './context.ts'

export function startScheduler(_ctx: StackContext & { apiUrl: string }): {
  describe(): string[]
  stop(): void
} {
  return { describe: () => [], stop: () => {} }
}
