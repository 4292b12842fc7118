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
    headers: withRepeatedHeaders(request.headers, request.raw.rawHeaders),
    body: typeof request.body === 'string' ? request.body : undefined,
    protocol,
    host,
  }
}

/**
 * Node joins a header sent more than once into one comma-separated value; here such a header becomes the array of
 * its values instead, so a protocol can tell `X-MS-API-ROLE` sent twice from one value (see core's `singleHeader`).
 */
export function withRepeatedHeaders(headers: FastifyRequest['headers'], rawHeaders: readonly string[]): HttpRequest['headers'] {
  let repeated: Map<string, string[]> | undefined
  const seen = new Set<string>()
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    if (!seen.has(name)) { seen.add(name); continue }
    repeated ??= new Map()
    if (!repeated.has(name)) repeated.set(name, [])
  }
  if (repeated === undefined) return headers
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) repeated.get(rawHeaders[i]!.toLowerCase())?.push(rawHeaders[i + 1]!)
  return { ...headers, ...Object.fromEntries(repeated) }
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
