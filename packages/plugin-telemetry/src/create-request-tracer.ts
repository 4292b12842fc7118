import {
  context,
  SpanKind,
  SpanStatusCode,
  trace,
  type Counter,
  type Histogram,
  type Tracer,
  type UpDownCounter,
} from '@opentelemetry/api'
import type { TextMapPropagator } from '@opentelemetry/api'
import { performance } from 'node:perf_hooks'
import type { RequestTrace, TracedRequest } from './telemetry.js'

/** Data API builder's metrics (TelemetryMetricsHelper): names, units and attribute names. */
export interface RequestInstruments {
  readonly activeRequests: UpDownCounter
  readonly totalRequests: Counter
  readonly totalErrors: Counter
  readonly requestDuration: Histogram
}

/**
 * Starts a span per request, child of the caller's `traceparent` when it sends one, named and tagged as Data API
 * builder tags its controller activity (`http.method`, `http.url`, `http.querystring`, `user-agent`, `user.role`,
 * `api.type`, then `status.code`, and `error.type` / `error.message` on failure); counts it in `active_requests`,
 * `total_requests`, `total_errors` (status 400 and above) and `request_duration` (ms).
 */
export function createRequestTracer(tracer: Tracer, instruments: RequestInstruments, propagator: TextMapPropagator) {
  return (request: TracedRequest): RequestTrace => {
    const parent = propagator.extract(context.active(), request.headers, HEADER_GETTER)
    const span = tracer.startSpan(
      request.spanName,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.method': request.method,
          'http.url': request.url,
          ...(request.queryString === '' ? {} : { 'http.querystring': request.queryString }),
          ...(request.userAgent === undefined ? {} : { 'user-agent': request.userAgent }),
          ...(request.roleHeader === undefined ? {} : { 'user.role': request.roleHeader }),
          'api.type': request.apiType,
        },
      },
      parent,
    )
    const active = trace.setSpan(parent, span)
    const started = performance.now()
    instruments.activeRequests.add(1, { api_type: request.apiType })
    let failure: unknown
    let ended = false
    return {
      run: (fn) => context.with(active, fn),
      annotate: (attributes) => {
        span.setAttributes(attributes)
      },
      fail: (error) => {
        failure ??= error
      },
      end(statusCode) {
        if (ended) return
        ended = true
        const attributes = {
          method: request.method,
          status_code: statusCode,
          endpoint: request.endpoint,
          api_type: request.apiType,
        }
        span.setAttribute('status.code', statusCode)
        if (statusCode >= 400 || failure !== undefined) {
          const { type, message } = describeFailure(failure, statusCode)
          span.setStatus({ code: SpanStatusCode.ERROR, message })
          span.setAttributes({ 'error.type': type, 'error.message': message })
          if (failure instanceof Error) span.recordException(failure)
          instruments.totalErrors.add(1, { ...attributes, error_type: type })
        }
        span.end()
        instruments.totalRequests.add(1, attributes)
        instruments.requestDuration.record(performance.now() - started, attributes)
        instruments.activeRequests.add(-1, { api_type: request.apiType })
      },
    }
  }
}

/** A Sluice error's code (`SLUICE_ERR_FORBIDDEN`), else the error's class, else the status. */
function describeFailure(failure: unknown, statusCode: number): { type: string; message: string } {
  if (typeof failure === 'object' && failure !== null) {
    const { code, message, name } = failure as { code?: unknown; message?: unknown; name?: unknown }
    const type = typeof code === 'string' ? code : typeof name === 'string' ? name : 'Error'
    return { type, message: typeof message === 'string' ? message : String(failure) }
  }
  return { type: `HTTP ${statusCode}`, message: `The request ended with status ${statusCode}.` }
}

const HEADER_GETTER = {
  keys: (carrier: Readonly<Record<string, unknown>>) => Object.keys(carrier),
  get: (carrier: Readonly<Record<string, string | string[] | undefined>>, key: string) => carrier[key.toLowerCase()],
}
