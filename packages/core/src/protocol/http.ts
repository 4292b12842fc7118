/**
 * Minimal HTTP shapes protocols work with, free of fastify types: the server adapts its request/reply to these.
 * Header names are lower-case.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'

export interface HttpRequest {
  readonly method: HttpMethod
  /** Path as received, still percent-encoded, without the query string. */
  readonly path: string
  /** Query string as received, without `?` (empty when absent). */
  readonly query: string
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>
  /** Body text (undefined without a body). Protocols parse it themselves, so bad JSON gets their error envelope. */
  readonly body: string | undefined
  /** `http` or `https`, honouring a validated X-Forwarded-Proto. */
  readonly protocol: string
  /** Host (and port) the client used, honouring a validated X-Forwarded-Host. */
  readonly host: string
}

export type HttpBody = string | Uint8Array | AsyncIterable<string | Uint8Array>

export interface HttpResponse {
  readonly status: number
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: HttpBody | undefined
}

/** Reads a header that must occur at most once; repeated headers give `undefined` plus `repeated: true`. */
export function singleHeader(
  request: HttpRequest,
  name: string,
): { readonly value: string | undefined; readonly repeated: boolean } {
  const v = request.headers[name]
  if (v === undefined || typeof v === 'string') return { value: v, repeated: false }
  return v.length === 1 ? { value: v[0], repeated: false } : { value: undefined, repeated: true }
}
