import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestContext, SluiceError, type HttpRequest, type ProtocolPlugin, type RequestContext, type RouteDefinition, type Sluice } from '@sluice/core'
import { sendHttpResponse, toHttpRequest } from './http-adapter.js'
import { ErrorLogThrottle } from './error-log-throttle.js'
import { watchConnection } from './watch-connection.js'
import { toSluiceError } from './to-sluice-error.js'

/** One throttle per server, shared by its protocols: an outage fails REST and GraphQL requests alike. */
const throttles = new WeakMap<Sluice, ErrorLogThrottle>()

function throttleOf(sluice: Sluice): ErrorLogThrottle {
  let throttle = throttles.get(sluice)
  if (throttle === undefined) throttles.set(sluice, (throttle = new ErrorLogThrottle()))
  return throttle
}

/** Seconds a 503 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = '1'

/**
 * Mounts one protocol in its own encapsulated fastify context under its prefix, with an error handler and a
 * not-found handler built from the protocol's `encodeError` — so a REST failure gets REST's envelope and a GraphQL
 * failure GraphQL's, and neither handler leaks into the other.
 */
export async function mountProtocol(app: FastifyInstance, sluice: Sluice, protocol: ProtocolPlugin, prefix: string, bodyLimit: number): Promise<void> {
  const mode = sluice.config.runtime.host.mode
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const coded = toSluiceError(error, request.log, bodyLimit, throttleOf(sluice))
      const response = protocol.encodeError(coded, { mode, request: toHttpRequest(request) })
      // Unavailable (database down, no pooled connection in time): tell well-behaved clients when to come back.
      if (coded.status === 503 && response.headers?.['retry-after'] === undefined) reply.header('retry-after', RETRY_AFTER_SECONDS)
      return sendHttpResponse(reply, response)
    })
    scope.setNotFoundHandler((request, reply) => {
      const error = new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', { method: request.method, path: request.url.split('?')[0] })
      return sendHttpResponse(reply, protocol.encodeError(error, { mode, request: toHttpRequest(request) }))
    })
    const route = (definition: RouteDefinition): void => {
      scope.route({
        method: definition.method as string | string[],
        url: definition.url,
        handler: async (request, reply) => {
          const http = toHttpRequest(request)
          const context = await createContext(sluice, http, request, reply, definition.streamsReads === true)
          let response = await definition.handler(http, context)
          for (const encoder of sluice.encoders) {
            const encoded = encoder.encode(http, response)
            response = encoded instanceof Promise ? await encoded : encoded
          }
          return sendHttpResponse(reply, response)
        },
      })
    }
    await protocol.mount({ model: sluice.model, config: sluice.config, pipeline: sluice.pipeline, log: sluice.log, route })
  }, { prefix })
}

/** The per-request context: principal from the authentication provider, then the effective role. */
function createContext(sluice: Sluice, http: HttpRequest, request: FastifyRequest, reply: FastifyReply, streamReads: boolean): Promise<RequestContext> {
  return createRequestContext(sluice, http, { requestId: request.id, signal: watchConnection(request.raw, reply.raw), streamReads })
}
