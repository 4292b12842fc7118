import type { PipelineHooks } from '@sluice/core'

/** How a request is counted: Data API builder's `api_type` and a bounded `endpoint` (never a raw path). */
export type ApiType = 'REST' | 'GraphQL' | 'MCP' | 'Other'

/** What the transport knows about a request when it arrives. */
export interface TracedRequest {
  /** Span name, e.g. `GET Book` (REST: method and entity path) or `POST /graphql`. */
  readonly spanName: string
  readonly method: string
  /** Path without the query string. */
  readonly url: string
  /** The query string with its `?`, or empty. */
  readonly queryString: string
  readonly userAgent: string | undefined
  /** `X-MS-API-ROLE` as sent; the effective role replaces it once the request is authenticated. */
  readonly roleHeader: string | undefined
  readonly apiType: ApiType
  /** Low-cardinality route for metrics, e.g. `/api/Book`, `/graphql`, `/health`. */
  readonly endpoint: string
  /** Incoming headers, for W3C `traceparent` / `tracestate`. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
}

/** One request in flight: its span is active inside `run`; `end` closes it once and records the metrics. */
export interface RequestTrace {
  run<T>(fn: () => T): T
  /** Adds attributes the transport learns later (the MCP tool called). */
  annotate(attributes: Readonly<Record<string, string>>): void
  /** The error that ends the request (its code becomes `error.type`). */
  fail(error: unknown): void
  end(statusCode: number): void
}

/**
 * Telemetry while it runs: request spans and metrics for the transport, pipeline hooks for the query spans, and
 * flushing. `shutdown` sends what is buffered and stops the exporters.
 */
export interface Telemetry {
  startRequest(request: TracedRequest): RequestTrace
  readonly hooks: PipelineHooks
  forceFlush(): Promise<void>
  shutdown(): Promise<void>
}
