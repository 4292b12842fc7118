import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import {
  createSluice,
  encodeErrorEnvelope,
  silentLogger,
  SluiceError,
  type Logger,
  type RuntimeConfig,
  type Sluice,
  type SluicePlugin,
} from '@sluice/core'
import { cachePlugins } from './cache-plugins.js'
import { handleClientError } from './handle-client-error.js'
import { createFrameworkErrorHandler } from './handle-framework-error.js'
import { deferIdleCloseUntilFlushed } from './defer-idle-close-until-flushed.js'
import { mountProtocol } from './mount-protocol.js'
import { RequestLogController } from './request-log-controller.js'
import { SERVER_VERSION } from './server-version.js'
import { sendHttpResponse, toHttpRequest } from './http-adapter.js'
import { CORRELATION_ID_HEADER, readCorrelationId } from './correlation-id.js'
import { registerCors } from './register-cors.js'
import { registerWebSockets } from './register-web-sockets.js'
import { registerHealthRoute } from './health/register-health-route.js'
import { registerTelemetry } from './register-telemetry.js'
import { createCategoryLogger, findUnknownLogCategories, LOG_CATEGORIES } from './category-logger.js'

export interface CreateServerOptions {
  readonly config: RuntimeConfig
  /**
   * The dialects, protocols, authentication and encoders to compose — only these are loaded. Absent: every built-in
   * one (what `sluice start` serves), imported on demand. The response cache's Redis store and OpenTelemetry are
   * added when the config turns them on.
   */
  readonly plugins?: readonly SluicePlugin[]
  /** A pino logger (fastify's), or `false` for none. */
  readonly logger?: Logger | false
  readonly cursorSecret?: string | Uint8Array
  /** Request body limit in bytes (default 1 MiB). */
  readonly bodyLimit?: number
  /** How often OpenTelemetry metrics are exported (default 60 s); everything left is sent on `close()`. */
  readonly metricIntervalMs?: number
}

export interface SluiceServer {
  readonly app: FastifyInstance
  readonly sluice: Sluice
  /** Starts listening; resolves with the address. Fails with a coded error, e.g. when the port is taken. */
  listen(port: number, host: string): Promise<string>
  /** Stops accepting, finishes in-flight requests, then closes the database pools. */
  close(): Promise<void>
}

/** Boots Sluice and composes it on fastify: one encapsulated context per enabled protocol, `GET /` health. */
export async function createServer(options: CreateServerOptions): Promise<SluiceServer> {
  const bodyLimit = options.bodyLimit ?? 1024 * 1024
  const common = {
    logController: new RequestLogController({ requestIdLogLabel: 'correlationId' }),
    bodyLimit,
    return503OnClosing: true,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: true },
    frameworkErrors: createFrameworkErrorHandler(options.config.runtime.host.mode),
    clientErrorHandler: handleClientError,
    // The request id is Data API builder's correlation id, so every request log line carries it.
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) =>
      readCorrelationId(request.headers[CORRELATION_ID_HEADER]),
    requestIdHeader: false as const,
  }
  // runtime.telemetry.log-level namespaces: each part of Sluice logs under a Data API builder category.
  const levels = options.config.runtime.logLevels
  const categoryLog = (category: string): Logger | undefined =>
    options.logger ? createCategoryLogger(options.logger, levels, category) : undefined
  const requestLog = categoryLog(LOG_CATEGORIES.requests)
  const app: FastifyInstance =
    requestLog !== undefined
      ? (Fastify({
          ...common,
          loggerInstance: requestLog as unknown as FastifyBaseLogger,
        }) as unknown as FastifyInstance)
      : Fastify({ ...common, logger: false })
  deferIdleCloseUntilFlushed(app.server)
  // A client may half-close its side once the request is sent (curl --no-keepalive, some proxies): Node's default
  // aborts that request and ends the socket, so the answer never arrives. Keep the write side open for it.
  ;(app.server as { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true
  // Node closes idle keep-alive connections once, when closing starts; a connection whose request is still in flight
  // would then stay open after its reply until the keep-alive timeout. Replies sent while closing end their connection.
  let closing = false
  // Every reply, errors and not-found included, passes here (nothing hijacks one): one hook rather than two per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(CORRELATION_ID_HEADER, request.id)
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  // Protocols parse bodies themselves, so malformed JSON gets their own envelope and message.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const log = categoryLog(LOG_CATEGORIES.pipeline)
  const startupLog = categoryLog(LOG_CATEGORIES.startup) ?? silentLogger
  for (const key of findUnknownLogCategories(levels)) {
    startupLog.warn(
      `runtime.telemetry.log-level key ${JSON.stringify(key)} names no Sluice logger (known: default, ${Object.values(LOG_CATEGORIES).join(', ')} and their prefixes); it has no effect.`,
    )
  }
  // Off (the default): nothing is loaded, no hook is added, requests pay nothing.
  const otel = options.config.runtime.telemetry.openTelemetry
  const telemetryModule = otel?.enabled === true ? await import('@sluice/plugin-telemetry') : undefined
  const telemetry = await telemetryModule?.startTelemetry({
    config: options.config,
    log: startupLog,
    serviceVersion: SERVER_VERSION,
    metricIntervalMs: options.metricIntervalMs,
  })
  const given = options.plugins ?? (await import('./default-plugins.js')).defaultPlugins()
  const plugins = [
    ...given,
    ...(await cachePlugins(options.config, given, startupLog)),
    ...(telemetry === undefined ? [] : [telemetryModule!.telemetryPlugin(telemetry)]),
  ]
  let sluice: Sluice
  try {
    sluice = await createSluice({ config: options.config, plugins, log, cursorSecret: options.cursorSecret })
  } catch (error) {
    await telemetry?.shutdown()
    throw error
  }
  try {
    const mode = options.config.runtime.host.mode
    if (telemetry !== undefined) registerTelemetry(app, telemetry, options.config, sluice.model)
    await registerCors(app, options.config.runtime.host.cors)
    app.get('/', async () => ({ status: 'Healthy', version: SERVER_VERSION }))
    registerHealthRoute(app, sluice, {
      telemetry: telemetry !== undefined,
      log: categoryLog(LOG_CATEGORIES.health) ?? silentLogger,
    })
    app.setNotFoundHandler((request, reply) => {
      const error = new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', {
        method: request.method,
        path: request.url.split('?')[0],
      })
      return sendHttpResponse(reply, encodeErrorEnvelope(error, { mode, request: toHttpRequest(request) }))
    })
    // WebSockets (GraphQL subscriptions) only when some entity publishes its changes: otherwise no upgrade is taken.
    if (sluice.live !== undefined) await registerWebSockets(app, bodyLimit)
    for (const protocol of sluice.protocols) {
      const prefix = protocol.prefix(options.config)
      if (prefix !== undefined) await mountProtocol(app, sluice, protocol, prefix, bodyLimit)
    }
    await app.ready()
  } catch (error) {
    await sluice.close()
    await telemetry?.shutdown()
    throw error
  }
  return {
    app,
    sluice,
    async listen(port, host) {
      try {
        return await app.listen({ port, host })
      } catch (error) {
        const code = (error as { code?: string }).code
        const detail =
          code === 'EADDRINUSE'
            ? 'the port is already in use.'
            : code === 'EACCES'
              ? 'permission denied.'
              : String((error as Error).message)
        throw new SluiceError('SLUICE_ERR_LISTEN', { address: `${host}:${port}`, detail }, { cause: error })
      }
    },
    async close() {
      closing = true
      // Subscriptions end first (their streams send the reason and finish), so in-flight requests can all finish.
      sluice.live?.close('shutting down')
      await app.close()
      await sluice.close()
      // Sends the spans and metrics still buffered.
      await telemetry?.shutdown()
    },
  }
}
