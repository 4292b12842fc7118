import type { OpenTelemetryConfig } from '@sluice/core'

/** Where and how spans and metrics are sent, from `runtime.telemetry.open-telemetry`. */
export interface OtlpSettings {
  readonly protocol: 'grpc' | 'httpprotobuf'
  readonly tracesUrl: string
  readonly metricsUrl: string
  readonly headers: Readonly<Record<string, string>>
  readonly serviceName: string
}

/** The settings, or why export is off. */
export type OtlpSettingsResult = { readonly settings: OtlpSettings } | { readonly off: string }

/**
 * Checks the endpoint and works out the URLs. The endpoint must be an absolute http(s) URL; anything else (typically
 * an `@env('OTEL_EXPORTER_OTLP_ENDPOINT')` whose variable is unset, left as text) turns the exporter off — core's
 * config loading has warned about it already, in the words of the config (`describeOpenTelemetryExport`). For gRPC the endpoint is the collector's address; for
 * HTTP/protobuf it is the base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` is: `/v1/traces` and `/v1/metrics` are appended
 * (an endpoint already ending in one of them is taken as that signal's URL, and its base serves the other).
 */
export function resolveOtlpSettings(config: OpenTelemetryConfig): OtlpSettingsResult {
  let url: URL
  try {
    url = new URL(config.endpoint)
  } catch {
    url = new URL('invalid:')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      off: `runtime.telemetry.open-telemetry.endpoint ${JSON.stringify(config.endpoint)} is not an absolute http(s) URL`,
    }
  }
  const text = url.href.replace(/\/+$/, '')
  const base = config.exporterProtocol === 'grpc' ? text : text.replace(/\/v1\/(?:traces|metrics)$/, '')
  return {
    settings: {
      protocol: config.exporterProtocol,
      tracesUrl: config.exporterProtocol === 'grpc' ? base : `${base}/v1/traces`,
      metricsUrl: config.exporterProtocol === 'grpc' ? base : `${base}/v1/metrics`,
      headers: parseOtlpHeaders(config.headers),
      serviceName: config.serviceName,
    },
  }
}

/** `key1=value1,key2=value2` (OTLP's header list; values may be percent-encoded) → a header record. */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const key = pair.slice(0, at).trim().toLowerCase()
    if (key !== '') headers[key] = decode(pair.slice(at + 1).trim())
  }
  return headers
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
