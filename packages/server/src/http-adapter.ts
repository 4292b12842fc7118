import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { HttpMethod, HttpRequest, HttpResponse } from '@sluice/core'
import { requestOrigin } from './request-origin.js'

/** fastify request → core's protocol-neutral HttpRequest (raw path and query, body text). */
export function toHttpRequest(request: FastifyRequest): HttpRequest {
  return new FastifyHttpRequest(request)
}

/**
 * The adapter object. Scheme and host (validated forwarded headers) are worked out only when a protocol asks — most
 * requests never build an absolute link.
 */
class FastifyHttpRequest implements HttpRequest {
  readonly method: HttpMethod
  readonly path: string
  readonly query: string
  readonly headers: HttpRequest['headers']
  readonly body: string | undefined
  readonly #request: FastifyRequest
  #origin: { protocol: string; host: string } | undefined

  constructor(request: FastifyRequest) {
    const url = request.raw.url ?? request.url
    const q = url.indexOf('?')
    this.method = request.method as HttpMethod
    this.path = q === -1 ? url : url.slice(0, q)
    this.query = q === -1 ? '' : url.slice(q + 1)
    this.headers = withRepeatedHeaders(request.headers, request.raw.rawHeaders)
    this.body = typeof request.body === 'string' ? request.body : undefined
    this.#request = request
  }

  get protocol(): string {
    return (this.#origin ??= requestOrigin(this.#request)).protocol
  }

  get host(): string {
    return (this.#origin ??= requestOrigin(this.#request)).host
  }
}

/**
 * Node joins a header sent more than once into one comma-separated value; here such a header becomes the array of
 * its values instead, so a protocol can tell `X-MS-API-ROLE` sent twice from one value (see core's `singleHeader`).
 */
export function withRepeatedHeaders(
  headers: FastifyRequest['headers'],
  rawHeaders: readonly string[],
): HttpRequest['headers'] {
  // Node's object has one member per distinct name: as many members as raw pairs means no name came twice.
  let distinct = 0
  for (const _name in headers) distinct++
  if (distinct * 2 === rawHeaders.length) return headers
  let repeated: Map<string, string[]> | undefined
  const seen = new Set<string>()
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase()
    if (!seen.has(name)) {
      seen.add(name)
      continue
    }
    repeated ??= new Map()
    if (!repeated.has(name)) repeated.set(name, [])
  }
  if (repeated === undefined) return headers
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    repeated.get(rawHeaders[i]!.toLowerCase())?.push(rawHeaders[i + 1]!)
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
