/**
 * Data API builder's comprehensive health report (`GET /health`), key for key: an overall `status` that is
 * `Unhealthy` when any check is, the server's version and application name, when it was made, the caller's role, a
 * summary of the configuration, and one entry per check.
 */
export type HealthStatus = 'Healthy' | 'Unhealthy'

export interface HealthCheckEntry {
  readonly status: HealthStatus
  readonly name: string
  /** Why the check is unhealthy: the failure, or that the threshold was reached. */
  readonly exception?: string
  /** `data-source`; `rest` or `graphql` with `endpoint`; `mcp`. */
  readonly tags: readonly string[]
  /** `response-ms` is -1 when the check failed. */
  readonly data: { readonly 'response-ms': number; readonly 'threshold-ms': number }
}

/** A check not run because the caller's role may not read its entity (not a failure: the report stays Healthy). */
export interface SkippedHealthCheck {
  readonly name: string
  readonly tags: readonly string[]
  readonly reason: string
}

export interface HealthReport {
  readonly status: HealthStatus
  readonly version: string
  readonly 'app-name': string
  readonly timestamp: string
  readonly 'current-role': string
  readonly configuration: {
    readonly rest: boolean
    readonly graphql: boolean
    readonly mcp: boolean
    readonly caching: boolean
    readonly telemetry: boolean
    readonly mode: 'Development' | 'Production'
    readonly embeddings: boolean
    readonly 'embeddings-endpoint': boolean
  }
  readonly checks: readonly HealthCheckEntry[]
  /** Sluice's addition, present only when some check was skipped, so the report is otherwise Data API builder's. */
  readonly skipped?: readonly SkippedHealthCheck[]
}

/** Data API builder's text for a check that answered, but not within its threshold. */
export const THRESHOLD_EXCEEDED = 'The threshold for executing the request has exceeded.'
/** `response-ms` of a check that failed (Data API builder's `ERROR_RESPONSE_TIME_MS`). */
export const FAILED_RESPONSE_MS = -1
/** The MCP check's threshold (Data API builder's `DEFAULT_THRESHOLD_RESPONSE_TIME_MS`). */
export const MCP_THRESHOLD_MS = 1000

/** A check entry from a measured time (or a failure), its threshold and its tags: Healthy only below the threshold. */
export function createCheckEntry(
  name: string,
  tags: readonly string[],
  thresholdMs: number,
  outcome: { readonly ms: number } | { readonly error: string },
): HealthCheckEntry {
  if ('error' in outcome) {
    return {
      status: 'Unhealthy',
      name,
      exception: outcome.error,
      tags,
      data: { 'response-ms': FAILED_RESPONSE_MS, 'threshold-ms': thresholdMs },
    }
  }
  const within = outcome.ms < thresholdMs
  return within
    ? { status: 'Healthy', name, tags, data: { 'response-ms': outcome.ms, 'threshold-ms': thresholdMs } }
    : {
        status: 'Unhealthy',
        name,
        exception: THRESHOLD_EXCEEDED,
        tags,
        data: { 'response-ms': outcome.ms, 'threshold-ms': thresholdMs },
      }
}
