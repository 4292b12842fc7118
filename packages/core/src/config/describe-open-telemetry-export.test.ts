import { describe, expect, it } from 'vitest'
import { parseConfig } from './load-config.js'

const SOURCE = { 'database-type': 'postgresql', 'connection-string': 'Host=x' }
const ENTITIES = { Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] } }

/** The warnings of a config whose open-telemetry section is `otel`, loaded with `env`. */
function warnings(otel: Record<string, unknown>, env: Record<string, string> = {}): readonly string[] {
  const json = { 'data-source': SOURCE, runtime: { telemetry: { 'open-telemetry': otel } }, entities: ENTITIES }
  return parseConfig(json, { baseDir: '/', env }).warnings
}

// What `sluice init` writes (as `dab init` does).
const INIT = {
  enabled: true,
  endpoint: "@env('OTEL_EXPORTER_OTLP_ENDPOINT')",
  headers: "@env('OTEL_EXPORTER_OTLP_HEADERS')",
  'service-name': "@env('OTEL_SERVICE_NAME')",
}

describe('OpenTelemetry export that cannot happen, said once at load', () => {
  it("the endpoint's variable unset: one line naming it, none for the section's other variables", () => {
    expect(warnings(INIT)).toEqual([
      "OpenTelemetry export is off: environment variable 'OTEL_EXPORTER_OTLP_ENDPOINT' (runtime.telemetry.open-telemetry.endpoint) is not set.",
    ])
  })

  it('the endpoint set: no line about export, and a warning for each other unset variable as anywhere', () => {
    expect(warnings(INIT, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4317' })).toEqual([
      "Environment variable 'OTEL_EXPORTER_OTLP_HEADERS' is not set; @env('OTEL_EXPORTER_OTLP_HEADERS') is kept as written at runtime.telemetry.open-telemetry.headers.",
      "Environment variable 'OTEL_SERVICE_NAME' is not set; @env('OTEL_SERVICE_NAME') is kept as written at runtime.telemetry.open-telemetry.service-name.",
    ])
  })

  it('an endpoint that is not an absolute http(s) URL', () => {
    expect(warnings({ endpoint: 'otel:4317' })).toEqual([
      'OpenTelemetry export is off: runtime.telemetry.open-telemetry.endpoint "otel:4317" is not an absolute http(s) URL.',
    ])
    expect(warnings({ endpoint: 'https://collector.example/otlp' })).toEqual([])
  })

  it('export turned off: nothing to say, unset variables included', () => {
    expect(warnings({ ...INIT, enabled: false })).toEqual([])
  })
})
