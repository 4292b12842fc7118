import type { CpuUsage } from './sample-cpu.js'

/** One load-generator run against one URL. */
export interface LoadRun {
  readonly tool: 'autocannon' | 'wrk'
  readonly seconds: number
  readonly requestsPerSecond: number
  readonly totalRequests: number
  readonly latencyP50Ms: number
  readonly latencyP99Ms: number
  readonly non2xx: number
  /** Connection errors and timeouts (autocannon), socket errors (wrk). */
  readonly errors: number
  /** Machine CPU use during the run, by owner (set by the harness around each run). */
  readonly cpu?: CpuUsage
}
