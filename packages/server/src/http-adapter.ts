import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { HttpMethod, HttpRequest, HttpResponse } from '@sluice/core'
import { requestOrigin } from './request-origin.js'

/** fastify request → core's protocol-neutral HttpRequest (raw path and query, body text). */
export function toHttpRequest(request: FastifyRequest): HttpRequest {
  const url = request.raw.url ?? request.url
  const q = url.indexOf('?')
  const { protocol, host } = requestOrigin(request)
  return {
    method: request.method as HttpMethod,
    path: q === -1 ? url : url.slice(0, q),
    query: q === -1 ? '' : url.slice(q + 1),
    headers: request.headers,
    body: typeof request.body === 'string' ? request.body : undefined,
    protocol,
    host,
  }
}

/** Core's HttpResponse → fastify reply (strings and bytes as they are, async iterables streamed). */
export function sendHttpResponse(reply: FastifyReply, response: HttpResponse): FastifyReply {
  reply.code(response.status)
  if (response.headers !== undefined) reply.headers(response.headers)
  const { body } = response
  if (body === undefined) return reply.send()
  if (typeof body === 'string' || body instanceof Uint8Array) return reply.send(body)
  return reply.send(Readable.from(body))
}
