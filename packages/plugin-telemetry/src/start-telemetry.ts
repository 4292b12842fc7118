import type { Logger, RuntimeConfig } from '@sluice/core'
import { resolveOtlpSettings } from './resolve-otlp-settings.js'
import type { Telemetry } from './telemetry.js'

export interface StartTelemetryOptions {
  readonly config: RuntimeConfig
  readonly log: Logger
  /** Reported as `service.version`. */
  readonly serviceVersion: string
  /** How often metrics are sent (default 60 s). */
  readonly metricIntervalMs?: number
}

/**
 * Starts OpenTelemetry from `runtime.telemetry.open-telemetry`, or returns `undefined` — absent, `enabled: false`, or
 * an endpoint that is not an absolute URL — in which case nothing is loaded and nothing is hooked. That last case is
 * logged at debug only: loading the config put its warning in `RuntimeConfig.warnings`, which the CLI prints. The
 * SDK and its exporters are imported only here, on first use, so servers without telemetry never load them.
 */
export async function startTelemetry(options: StartTelemetryOptions): Promise<Telemetry | undefined> {
  const otel = options.config.runtime.telemetry.openTelemetry
  if (otel === undefined || !otel.enabled) return undefined
  const resolved = resolveOtlpSettings(otel)
  if ('off' in resolved) {
    options.log.debug(`OpenTelemetry export is off: ${resolved.off}`)
    return undefined
  }
  const { createOtelSdk } = await import('./create-otel-sdk.js')
  const telemetry = createOtelSdk({
    settings: resolved.settings,
    serviceVersion: options.serviceVersion,
    metricIntervalMs: options.metricIntervalMs,
    dataSources: options.config.dataSources,
    dataSource: options.config.dataSource,
  })
  options.log.info(
    {
      protocol: resolved.settings.protocol,
      traces: resolved.settings.tracesUrl,
      metrics: resolved.settings.metricsUrl,
    },
    'OpenTelemetry export started',
  )
  return telemetry
}
