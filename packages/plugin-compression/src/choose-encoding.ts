import Negotiator from 'negotiator'
import type { HttpRequest } from '@sluice/core/protocol'

export type ContentEncoding = 'br' | 'gzip'

/** Brotli first when the client rates both equally: smaller at the same speed for JSON. */
const AVAILABLE: readonly ContentEncoding[] = ['br', 'gzip']

/**
 * The encoding to answer with, from `Accept-Encoding` (q-values honoured, `identity` and `*` understood), or
 * undefined when the client accepts neither.
 */
export function chooseEncoding(request: HttpRequest): ContentEncoding | undefined {
  const header = request.headers['accept-encoding']
  if (header === undefined) return undefined
  const value = typeof header === 'string' ? header : header.join(', ')
  // negotiator ≥ 1 takes `preferred` (server order on equal q-values); its published types predate the option.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': value } }) as unknown as {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined
  }
  const chosen = negotiator.encoding([...AVAILABLE], { preferred: AVAILABLE })
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}
