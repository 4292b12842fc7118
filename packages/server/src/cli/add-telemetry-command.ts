import { CliError } from './cli-error.js'
import { isJsonObject, objectAt, readConfigDocument, writeConfigDocument, type JsonObject } from './config-document.js'
import { findConfigFileToEdit } from './find-config-file.js'
import type { ConfigVerb } from './run-config-verb.js'
import type { VerbOptions } from './verb-options.js'
import { workingDirectory } from './working-directory.js'

/**
 * `sluice add-telemetry`: writes `runtime.telemetry.application-insights` and/or `runtime.telemetry.open-telemetry`
 * with `dab add-telemetry`'s flags and defaults (disabled, protocol grpc, service name dab). Only the sections whose
 * flags are given are written, and a flag left out keeps the section's current value: `dab` writes both sections
 * whole, which leaves ones the schema refuses (no connection string, no endpoint) and resets what was not repeated.
 */
export const addTelemetryCommand: ConfigVerb = {
  name: 'add-telemetry',
  summary: 'Add telemetry (Application Insights, OpenTelemetry) to the configuration file.',
  options: [
    { flags: '--app-insights-conn-string <text>', description: 'Application Insights connection string' },
    { flags: '--app-insights-enabled <bool>', description: 'Enable Application Insights (default: false)' },
    { flags: '--otel-endpoint <url>', description: 'OpenTelemetry (OTLP) collector endpoint' },
    { flags: '--otel-enabled <bool>', description: 'Enable OpenTelemetry (default: false)' },
    { flags: '--otel-headers <headers>', description: 'Headers sent to the collector, "key1=value1,key2=value2"' },
    { flags: '--otel-protocol <protocol>', description: 'OTLP protocol: grpc or httpprotobuf (default: grpc)' },
    { flags: '--otel-service-name <name>', description: 'Service name reported to the collector (default: dab)' },
  ],
  examples: [
    'sluice add-telemetry --otel-enabled true --otel-endpoint "http://localhost:4317" --otel-service-name "my-api"',
    'sluice add-telemetry --app-insights-enabled true --app-insights-conn-string "@env(\'APPINSIGHTS_CONNECTION_STRING\')"',
  ],
  run({ options }, out) {
    const document = readConfigDocument(findConfigFileToEdit(options.string('config'), workingDirectory()))
    const givesInsights = options.has('app-insights-conn-string') || options.has('app-insights-enabled')
    const givesOtel = ['otel-endpoint', 'otel-enabled', 'otel-headers', 'otel-protocol', 'otel-service-name'].some(
      (flag) => options.has(flag),
    )
    if (!givesInsights && !givesOtel) {
      throw new CliError(
        "No telemetry option given: pass --app-insights-* or --otel-* options ('sluice add-telemetry --help').",
      )
    }
    const next = structuredClone(document.json)
    const telemetry = objectAt(objectAt(next, 'runtime'), 'telemetry')
    if (givesInsights)
      telemetry['application-insights'] = buildApplicationInsights(options, telemetry['application-insights'])
    if (givesOtel) telemetry['open-telemetry'] = buildOpenTelemetry(options, telemetry['open-telemetry'])
    writeConfigDocument(document, next)
    out.info('Successfully added telemetry to the configuration file.')
  },
  failure: () => 'Failed to add telemetry to the configuration file.',
}

function buildApplicationInsights(options: VerbOptions, raw: unknown): JsonObject {
  const current = isJsonObject(raw) ? raw : {}
  const enabled = options.boolean('app-insights-enabled') ?? current['enabled'] ?? false
  const connectionString = options.string('app-insights-conn-string') ?? current['connection-string']
  if (typeof connectionString !== 'string' || connectionString.trim() === '') {
    throw new CliError(
      enabled === true
        ? 'Invalid Application Insights connection string provided.'
        : 'Application Insights needs a connection string: pass --app-insights-conn-string.',
    )
  }
  return { ...current, enabled, 'connection-string': connectionString }
}

function buildOpenTelemetry(options: VerbOptions, raw: unknown): JsonObject {
  const current = isJsonObject(raw) ? raw : {}
  const enabled = options.boolean('otel-enabled') ?? current['enabled'] ?? false
  const endpoint = options.string('otel-endpoint') ?? current['endpoint']
  if (typeof endpoint !== 'string' || endpoint.trim() === '') {
    throw new CliError(
      enabled === true ? 'Invalid OTEL endpoint provided.' : 'OpenTelemetry needs an endpoint: pass --otel-endpoint.',
    )
  }
  const headers = options.string('otel-headers') ?? current['headers']
  return {
    ...current,
    enabled,
    endpoint,
    ...(headers === undefined ? {} : { headers }),
    'exporter-protocol':
      options.choice('otel-protocol', ['grpc', 'httpprotobuf'] as const) ?? current['exporter-protocol'] ?? 'grpc',
    'service-name': options.string('otel-service-name') ?? current['service-name'] ?? 'dab',
  }
}
