import { isSluice, type SystemKey } from './bench-systems.js'

/**
 * The book rows in a response body, as an array: Sluice wraps them in `{ value: [...] }` (a key read too), and so does
 * every system in a write scenario (`envelope`); otherwise the json_agg baseline sends the bare array, the rows
 * baseline an array or, for a key read, the row itself.
 */
export function extractRows(system: SystemKey, body: unknown, envelope = false): unknown[] {
  if (isSluice(system) || envelope) {
    const value = (body as { value?: unknown } | null)?.value
    if (!Array.isArray(value)) throw new Error('the body has no "value" array')
    return value
  }
  if (Array.isArray(body)) return body
  if (body !== null && typeof body === 'object') return [body]
  throw new Error('the body is neither an array nor an object')
}
