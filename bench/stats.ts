/** Percentiles for the bench scripts (nearest rank), shared so every script reports alike. */
export type Stats = { n: number; p50: number; p95: number; p99: number; max: number }

/** The p-th percentile (0–100) of the values, nearest rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

export function stats(samples: readonly number[]): Stats {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    max: samples.length > 0 ? Math.max(...samples) : Number.NaN,
  }
}
