import { Metadata } from '@grpc/grpc-js'
import { context, type ContextManager } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPMetricExporter as GrpcMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc'
import { OTLPMetricExporter as ProtoMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto'
import { OTLPTraceExporter as GrpcTraceExporter } from '@opentelemetry/exporter-trace-otlp-grpc'
import { OTLPTraceExporter as ProtoTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics'
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base'
import type { DataSourceConfig } from '@sluice/core'
import { createQuerySpanHooks } from './create-query-span-hooks.js'
import { createRequestTracer } from './create-request-tracer.js'
import type { OtlpSettings } from './resolve-otlp-settings.js'
import type { Telemetry } from './telemetry.js'

export interface OtelSdkOptions {
  readonly settings: OtlpSettings
  readonly serviceVersion: string
  /** Every data source by name, and the default one (`RuntimeConfig.dataSources`, `.dataSource`). */
  readonly dataSources: ReadonlyMap<string, DataSourceConfig>
  readonly dataSource: DataSourceConfig
  /** How often metrics are sent (the SDK's default, 60 s, unless given). */
  readonly metricIntervalMs?: number
}

/** Data API builder's instrumentation names: the ActivitySource `DataApiBuilder`, the Meter `DataApiBuilder.Metrics`. */
const TRACER_NAME = 'DataApiBuilder'
const METER_NAME = 'DataApiBuilder.Metrics'

/**
 * The official OpenTelemetry JS SDK, wired for Sluice: a tracer provider with a batching OTLP span exporter and a
 * meter provider with a periodic OTLP metric reader, over gRPC or HTTP/protobuf, under the resource
 * `service.name`/`service.version`. Providers are not registered globally (the host application may have its own);
 * only the AsyncLocalStorage context manager is, when none is set yet, so a request's span is the parent of its
 * query spans across awaits. Loaded only when telemetry is on.
 */
export function createOtelSdk(options: OtelSdkOptions): Telemetry {
  const { settings } = options
  const resource = resourceFromAttributes({
    'service.name': settings.serviceName,
    'service.version': options.serviceVersion,
  })
  const grpc = settings.protocol === 'grpc'
  const metadata = grpc ? toMetadata(settings.headers) : undefined
  const spanExporter = grpc
    ? new GrpcTraceExporter({ url: settings.tracesUrl, metadata })
    : new ProtoTraceExporter({ url: settings.tracesUrl, headers: { ...settings.headers } })
  const metricExporter = grpc
    ? new GrpcMetricExporter({ url: settings.metricsUrl, metadata })
    : new ProtoMetricExporter({ url: settings.metricsUrl, headers: { ...settings.headers } })
  const tracerProvider = new BasicTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(spanExporter)] })
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: metricExporter,
        exportIntervalMillis: options.metricIntervalMs ?? 60_000,
      }),
    ],
  })
  const contextManager = registerContextManager()
  const tracer = tracerProvider.getTracer(TRACER_NAME, options.serviceVersion)
  const meter = meterProvider.getMeter(METER_NAME, options.serviceVersion)
  const startRequest = createRequestTracer(
    tracer,
    {
      activeRequests: meter.createUpDownCounter('active_requests'),
      totalRequests: meter.createCounter('total_requests'),
      totalErrors: meter.createCounter('total_errors'),
      requestDuration: meter.createHistogram('request_duration', { unit: 'ms' }),
    },
    new W3CTraceContextPropagator(),
  )
  return {
    startRequest,
    hooks: createQuerySpanHooks(tracer, options.dataSources, options.dataSource),
    async forceFlush() {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()])
    },
    async shutdown() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()])
      if (contextManager !== undefined) context.disable()
    },
  }
}

/** Sets the AsyncLocalStorage context manager unless the process already has one (then that one is used). */
function registerContextManager(): ContextManager | undefined {
  const manager = new AsyncLocalStorageContextManager().enable()
  if (context.setGlobalContextManager(manager)) return manager
  manager.disable()
  return undefined
}

function toMetadata(headers: Readonly<Record<string, string>>): Metadata {
  const metadata = new Metadata()
  for (const [key, value] of Object.entries(headers)) metadata.set(key, value)
  return metadata
}
