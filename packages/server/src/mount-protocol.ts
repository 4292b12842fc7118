import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestContext, SluiceError, type HttpRequest, type ProtocolPlugin, type RequestContext, type RouteDefinition, type Sluice } from '@sluice/core'
import { sendHttpResponse, toHttpRequest } from './http-adapter.js'
import { ErrorLogThrottle } from './error-log-throttle.js'
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
          for (const encoder of sluice.encoders) response = await encoder.encode(http, response)
          return sendHttpResponse(reply, response)
        },
      })
    }
    await protocol.mount({ model: sluice.model, config: sluice.config, pipeline: sluice.pipeline, log: sluice.log, route })
  }, { prefix })
}

/** The per-request context: principal from the authentication provider, then the effective role. */
async function createContext(sluice: Sluice, http: HttpRequest, request: FastifyRequest, reply: FastifyReply, streamReads: boolean): Promise<RequestContext> {
  probeOnHalfClose(request, reply)
  return createRequestContext(sluice, http, { requestId: request.id, signal: departureSignal(request, reply), streamReads })
}

/** One departure signal per connection (see `departureSignal`). */
const departures = new WeakMap<object, AbortSignal>()

/**
 * A client that goes away before its answer is written aborts the request: drivers cancel its statement. Over
 * HTTP/1.1 a client can only leave by closing its connection, so the signal belongs to the connection — created
 * once, aborted when the socket closes — and costs a keep-alive request nothing (an AbortController and a listener
 * per request cost about a tenth of a by-key read's throughput). A request without a socket gets its own.
 */
function departureSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const socket = request.raw.socket as (NodeJS.EventEmitter & object) | null | undefined
  if (socket === null || socket === undefined || typeof socket.once !== 'function') {
    const departure = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) departure.abort(new SluiceError('SLUICE_ERR_REQUEST_CANCELLED'))
    })
    return departure.signal
  }
  let signal = departures.get(socket)
  if (signal === undefined) {
    const departure = new AbortController()
    socket.once('close', () => departure.abort(new SluiceError('SLUICE_ERR_REQUEST_CANCELLED')))
    departures.set(socket, (signal = departure.signal))
  }
  return signal
}

/**
 * A FIN from the client while its request runs means either "I am done sending" (a half-close; it still reads the
 * answer) or "I am gone". TCP cannot tell them apart, so the server probes with interim `102 Processing` lines until
 * the answer starts: a client that is gone resets the connection at the first and the next write fails, which
 * closes the socket and aborts the request (its statement is cancelled); a half-closed client ignores 1xx lines.
 */
function probeOnHalfClose(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket
  if (socket === null || socket === undefined) return
  let timer: NodeJS.Timeout | undefined
  const probe = (): void => {
    if (reply.raw.headersSent || reply.raw.destroyed) return
    reply.raw.writeProcessing()
    timer = setTimeout(probe, HALF_CLOSE_PROBE_MS)
    timer.unref()
  }
  socket.once('end', probe)
  reply.raw.once('close', () => {
    socket.off('end', probe)
    if (timer !== undefined) clearTimeout(timer)
  })
}

const HALF_CLOSE_PROBE_MS = 250
