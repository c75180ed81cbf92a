/**
 * Typed reads of the stack's environment variables (config.ts): a value that is
 * set but malformed is listed in `problems` and the fallback is used, so one
 * error can name every bad setting.
 */
export type Env = Record<string, string | undefined>

/** GoTrue's IP limiters: `limit` requests per `windowSeconds`. */
export type RateLimit = { limit: number; windowSeconds: number }

export class EnvReader {
  constructor(
    private readonly env: Env,
    readonly problems: string[],
  ) {}

  text(name: string, fallback: string): string {
    const value = this.env[name]?.trim()
    return value ? value : fallback
  }

  int(name: string, fallback: number, min = 0): number {
    const raw = this.env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min) {
      this.problems.push(`${name} must be a whole number >= ${min} (got "${raw}")`)
      return fallback
    }
    return value
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name]?.trim().toLowerCase()
    if (!raw) return fallback
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true
    if (['0', 'false', 'no', 'off'].includes(raw)) return false
    this.problems.push(`${name} must be true or false (got "${raw}")`)
    return fallback
  }

  port(name: string, fallback: number): number {
    const value = this.int(name, fallback)
    if (value > 65535) this.problems.push(`${name} must be a port number (0-65535)`)
    return value
  }

  rate(name: string, limit: number | undefined, windowSeconds: number): RateLimit {
    return { limit: this.int(name, limit ?? 30, 1), windowSeconds }
  }

  /** A comma-separated list (entries trimmed, empty ones dropped); null when unset. */
  list(name: string): string[] | null {
    const raw = this.env[name]?.trim()
    if (!raw) return null
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  }
}
