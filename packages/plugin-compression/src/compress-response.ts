import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { HttpRequest, HttpResponse, ResponseEncoder } from '@sluice/core/protocol'
import { chooseEncoding, type ContentEncoding } from './choose-encoding.js'
import type { CompressionSettings } from './compression-settings.js'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/**
 * Compresses finished bodies (strings and bytes) the client accepts an encoding for, on zlib's thread pool. Leaves
 * alone: streamed bodies (they must flush as they come), bodies under the threshold, responses without a body
 * (204, 304) and responses that already carry a Content-Encoding. Adds `Vary: Accept-Encoding` to every response it
 * could have compressed, so caches keep the variants apart.
 */
export class CompressionEncoder implements ResponseEncoder {
  constructor(private readonly settings: CompressionSettings) {}

  // Synchronous unless it compresses: a response left as it is costs the request no extra promise.
  encode(request: HttpRequest, response: HttpResponse): HttpResponse | Promise<HttpResponse> {
    const { body } = response
    if (body === undefined || (typeof body !== 'string' && !(body instanceof Uint8Array))) return response
    if (response.status === 204 || response.status === 304 || hasHeader(response, 'content-encoding')) return response
    // Object.assign, not `{ ...headers, vary }`: V8 takes a slow path for a spread followed by more properties.
    const headers: Record<string, string> = Object.assign({}, response.headers)
    headers['vary'] = appendVary(headers['vary'])
    // Negotiate first: most API clients send no Accept-Encoding, and they should not pay for measuring the body.
    const encoding = chooseEncoding(request)
    const size =
      encoding === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength
    if (encoding === undefined || size < this.settings.thresholdBytes) return { status: response.status, headers, body }
    return this.#compress(
      response.status,
      headers,
      typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
      encoding,
    )
  }

  async #compress(
    status: number,
    headers: Record<string, string>,
    bytes: Uint8Array,
    encoding: ContentEncoding,
  ): Promise<HttpResponse> {
    const compressed =
      encoding === 'br'
        ? await brotliAsync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: this.settings.brotliQuality,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          })
        : await gzipAsync(bytes, { level: this.settings.gzipLevel })
    headers['content-encoding'] = encoding
    return { status, headers, body: compressed }
  }
}

function hasHeader(response: HttpResponse, name: string): boolean {
  for (const key in response.headers) if (key.toLowerCase() === name) return true
  return false
}

function appendVary(existing: string | undefined): string {
  if (existing === undefined || existing === '') return 'Accept-Encoding'
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(existing) ? existing : `${existing}, Accept-Encoding`
}
