import { randomUUID } from 'node:crypto'

/** Data API builder's correlation header: honoured from the request when it is a GUID, echoed on every response. */
export const CORRELATION_ID_HEADER = 'x-ms-correlation-id'

// .NET's Guid.TryParse formats: N (32 digits), D (hyphenated), B ({D}) and P ((D)).
const GUID = /^(?:[0-9a-f]{32}|([{(]?)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}([})]?))$/i

/**
 * The request's correlation id: its `x-ms-correlation-id` when that is a GUID (written back in the lower-case
 * hyphenated form, as .NET formats a Guid), else a new random one. Used as fastify's request id, so it appears in
 * every request log line and in the pipeline's error lines.
 */
export function readCorrelationId(header: string | string[] | undefined): string {
  const value = typeof header === 'string' ? header.trim() : undefined
  const match = value === undefined ? null : GUID.exec(value)
  if (match === null || !bracketsPair(match[1] ?? '', match[2] ?? '')) return randomUUID()
  const hex = value!.replace(/[^0-9a-fA-F]/g, '').toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function bracketsPair(open: string, close: string): boolean {
  return (open === '' && close === '') || (open === '{' && close === '}') || (open === '(' && close === ')')
}
