import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { socketHandler } from './socket-handler.js'
import {
  resolveRequestContext,
  SluiceError,
  type HttpRequest,
  type HttpResponse,
  type ProtocolPlugin,
  type RouteDefinition,
  type Sluice,
  type SocketRouteDefinition,
} from '@sluice/core'
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
export async function mountProtocol(
  app: FastifyInstance,
  sluice: Sluice,
  protocol: ProtocolPlugin,
  prefix: string,
  bodyLimit: number,
): Promise<void> {
  const mode = sluice.config.runtime.host.mode
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        const coded = toSluiceError(error, request.log, bodyLimit, throttleOf(sluice))
        const response = protocol.encodeError(coded, { mode, request: toHttpRequest(request) })
        // Unavailable (database down, no pooled connection in time): tell well-behaved clients when to come back.
        if (coded.status === 503 && response.headers?.['retry-after'] === undefined)
          reply.header('retry-after', RETRY_AFTER_SECONDS)
        return sendHttpResponse(reply, response)
      })
      scope.setNotFoundHandler((request, reply) => {
        const error = new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', {
          method: request.method,
          path: request.url.split('?')[0],
        })
        return sendHttpResponse(reply, protocol.encodeError(error, { mode, request: toHttpRequest(request) }))
      })
      const routes: RouteDefinition[] = []
      const sockets: SocketRouteDefinition[] = []
      await protocol.mount({
        model: sluice.model,
        config: sluice.config,
        pipeline: sluice.pipeline,
        log: sluice.log,
        live: sluice.live,
        route: (definition) => void routes.push(definition),
        socket: (definition) => void sockets.push(definition),
      })
      for (const definition of routes) {
        const streamReads = definition.streamsReads === true
        // Not async: it hands fastify the protocol's promise, continued by the reply, and awaits the context only when
        // authentication did I/O. A promise of nothing, not the reply: a returned reply is a thenable, which costs every
        // request another promise job. A throw before the promise exists reaches the error handler all the same.
        const handler = (request: FastifyRequest, reply: FastifyReply) => {
          const http = toHttpRequest(request)
          const context = resolveRequestContext(sluice, http, {
            requestId: request.id,
            signal: watchConnection(request.raw, reply.raw),
            streamReads,
          })
          const answered =
            context instanceof Promise
              ? context.then((c) => definition.handler(http, c))
              : definition.handler(http, context)
          return answered instanceof Promise
            ? answered.then((response) => encodeAndSend(sluice, reply, http, response))
            : encodeAndSend(sluice, reply, http, answered)
        }
        const methods = typeof definition.method === 'string' ? [definition.method] : [...definition.method]
        const socket = sockets.find((s) => s.url === definition.url)
        if (socket !== undefined && methods.includes('GET')) {
          // The upgrade of a GET on the same path is the socket; the GET itself stays an HTTP route.
          scope.route({ method: 'GET', url: definition.url, handler, wsHandler: socketHandler(sluice, socket) })
          const others = methods.filter((m) => m !== 'GET')
          if (others.length > 0) scope.route({ method: others, url: definition.url, handler })
        } else {
          scope.route({ method: methods, url: definition.url, handler })
        }
      }
      for (const socket of sockets) {
        if (routes.some((r) => r.url === socket.url && (r.method === 'GET' || r.method.includes('GET')))) continue
        scope.route({
          method: 'GET',
          url: socket.url,
          handler: (_request, reply) => reply.code(426).header('upgrade', 'websocket').send(),
          wsHandler: socketHandler(sluice, socket),
        })
      }
    },
    { prefix },
  )
}

/**
 * The response through the host's encoders (compression), then onto the wire. Nothing to wait for once a whole body
 * is written; a streamed body is still being written, so fastify gets the reply to wait on (a thenable that settles
 * when the response ends) — otherwise it would take the handler for one that never answered. A promise also when an
 * encoder did I/O.
 */
function encodeAndSend(
  sluice: Sluice,
  reply: FastifyReply,
  http: HttpRequest,
  response: HttpResponse,
  from = 0,
): undefined | FastifyReply | Promise<unknown> {
  let current = response
  for (let i = from; i < sluice.encoders.length; i++) {
    const encoded = sluice.encoders[i]!.encode(http, current)
    if (encoded instanceof Promise) return encoded.then((next) => encodeAndSend(sluice, reply, http, next, i + 1))
    current = encoded
  }
  const { body } = current
  const sent = sendHttpResponse(reply, current)
  return body === undefined || typeof body === 'string' || body instanceof Uint8Array ? undefined : sent
}
