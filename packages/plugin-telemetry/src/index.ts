/** Starts OpenTelemetry from `runtime.telemetry.open-telemetry` (or returns `undefined` when it is off or unusable). */
export { startTelemetry, type StartTelemetryOptions } from './start-telemetry.js'
/** The plugin that adds the query spans (`QUERY {entity}`) to the pipeline, given a started `Telemetry`. */
export { telemetryPlugin } from './telemetry-plugin.js'
/** What a transport uses to trace requests: a span and Data API builder's metrics per request. */
export type { ApiType, RequestTrace, Telemetry, TracedRequest } from './telemetry.js'
/** `key1=value1,key2=value2` OTLP header lists, and the endpoint rules (exported for tools that check configs). */
export {
  parseOtlpHeaders,
  resolveOtlpSettings,
  type OtlpSettings,
  type OtlpSettingsResult,
} from './resolve-otlp-settings.js'
