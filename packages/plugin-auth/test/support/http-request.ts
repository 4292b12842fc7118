import type { HttpRequest } from '@sluice/core'

/** A GET request with the given headers (names lower-cased, as the server hands them to providers). */
export function httpRequest(headers: Readonly<Record<string, string | readonly string[]>> = {}): HttpRequest {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return {
    method: 'GET',
    path: '/api/Book',
    query: '',
    headers: lower,
    body: undefined,
    protocol: 'http',
    host: 'localhost',
  }
}

/** A request carrying `Authorization: Bearer <token>`, plus any other headers. */
export function bearerRequest(token: string, headers: Readonly<Record<string, string>> = {}): HttpRequest {
  return httpRequest({ ...headers, authorization: `Bearer ${token}` })
}
