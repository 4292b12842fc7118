import type { LoadRun } from './load-run.js'

export interface RunSummary {
  readonly runs: number
  /** Median of the runs' requests/s, and the spread (min–max). */
  readonly requestsPerSecond: number
  readonly minRequestsPerSecond: number
  readonly maxRequestsPerSecond: number
  /** Medians of the runs' p50 and p99 latencies. */
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  /** Sums over the runs. */
  readonly non2xx: number
  readonly errors: number
  /** Median CPU use of the server and PostgreSQL; the largest share other tenants took (processes + steal); % of one core. */
  readonly serverCpu: number | undefined
  readonly postgresCpu: number | undefined
  readonly maxForeignCpu: number | undefined
}

/** Median requests/s and latencies over measured runs, summed error counts; undefined for no runs. */
export function summarizeRuns(runs: readonly LoadRun[]): RunSummary | undefined {
  if (runs.length === 0) return undefined
  const rps = runs.map((r) => r.requestsPerSecond)
  return {
    runs: runs.length,
    requestsPerSecond: median(rps),
    minRequestsPerSecond: Math.min(...rps),
    maxRequestsPerSecond: Math.max(...rps),
    latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(runs.map((r) => r.latencyP99Ms)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    serverCpu: runs.every((r) => r.cpu !== undefined) ? median(runs.map((r) => r.cpu?.server ?? 0)) : undefined,
    postgresCpu: runs.every((r) => r.cpu !== undefined) ? median(runs.map((r) => r.cpu?.postgres ?? 0)) : undefined,
    maxForeignCpu: runs.every((r) => r.cpu !== undefined)
      ? Math.max(...runs.map((r) => (r.cpu?.foreign ?? 0) + (r.cpu?.steal ?? 0)))
      : undefined,
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
