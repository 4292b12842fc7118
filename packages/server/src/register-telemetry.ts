import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServiceModel, RuntimeConfig } from '@sluice/core'
import type { RequestTrace, Telemetry } from '@sluice/plugin-telemetry'
import { createRouteClassifier } from './classify-route.js'
import { readMcpToolName } from './read-mcp-tool-name.js'

/**
 * Traces every request of the server: a span (child of an incoming `traceparent`) and Data API builder's request
 * metrics, from `onRequest` to `onResponse` (or the client going away). From `preHandler` on, the handler runs with
 * the request's span active, so the pipeline's query spans become its children. Registered before anything else
 * answers (CORS preflights included), and only when telemetry is on.
 */
export function registerTelemetry(
  app: FastifyInstance,
  telemetry: Telemetry,
  config: RuntimeConfig,
  model: ServiceModel,
): void {
  const classify = createRouteClassifier(config, model)
  const traces = new WeakMap<FastifyRequest, RequestTrace>()
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.raw.url ?? request.url
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    const route = classify(request.method, path, request.routeOptions.url)
    const role = request.headers['x-ms-api-role']
    traces.set(
      request,
      telemetry.startRequest({
        ...route,
        method: request.method,
        url: path,
        queryString: q === -1 ? '' : url.slice(q),
        userAgent: request.headers['user-agent'],
        roleHeader: typeof role === 'string' ? role : undefined,
        headers: request.headers,
      }),
    )
    done()
  })
  app.addHook('preHandler', (request, _reply, done) => {
    const trace = traces.get(request)
    if (trace === undefined) return done()
    const tool =
      config.runtime.mcp.enabled && request.url.startsWith(config.runtime.mcp.path)
        ? readMcpToolName(request)
        : undefined
    if (tool !== undefined) trace.annotate({ 'mcp.tool.name': tool })
    trace.run(done)
  })
  app.addHook('onError', (request, _reply, error, done) => {
    traces.get(request)?.fail(error)
    done()
  })
  app.addHook('onResponse', (request, reply, done) => {
    traces.get(request)?.end(reply.statusCode)
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    const trace = traces.get(request)
    trace?.fail(new Error('The client closed the connection before the response was sent.'))
    trace?.end(499)
    done()
  })
}
