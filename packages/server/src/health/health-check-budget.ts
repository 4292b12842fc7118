import { performance } from 'node:perf_hooks'
import { createCheckEntry, type HealthCheckEntry } from './health-report.js'
import { measureCheck } from './measure-check.js'

/**
 * Runs a report's checks, each bounded by its threshold (measureCheck), and bounds the report as a whole. A check past
 * its threshold usually means the database is slow or hung, and then every later check would wait out its own
 * threshold too: with entities checked `max-query-parallelism` at a time, one threshold per batch, far past a
 * readiness probe's timeout. So once a check has exceeded its threshold and the report has run for its largest
 * threshold, checks not yet started are reported Unhealthy without running; those already running end within their
 * own thresholds. A report whose checks all answer within their thresholds is never cut short.
 */
export class HealthCheckBudget {
  readonly #endsAt: number
  #exceeded = false

  constructor(
    private readonly largestThresholdMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#endsAt = now() + largestThresholdMs
  }

  async run(
    name: string,
    tags: readonly string[],
    thresholdMs: number,
    work: (signal: AbortSignal) => Promise<void>,
  ): Promise<HealthCheckEntry> {
    if (this.#exceeded && this.now() >= this.#endsAt) {
      const ms = this.largestThresholdMs
      const error = `Not checked: an earlier check exceeded its threshold and the report has run ${ms} ms.`
      return createCheckEntry(name, tags, thresholdMs, { error })
    }
    const outcome = await measureCheck(thresholdMs, work)
    if ('ms' in outcome && outcome.ms >= thresholdMs) this.#exceeded = true
    return createCheckEntry(name, tags, thresholdMs, outcome)
  }
}
