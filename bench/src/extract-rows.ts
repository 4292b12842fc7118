import { isSluice, type SystemKey } from './bench-systems.js'

/**
 * The book rows in a response body, as an array: Sluice wraps them in `{ value: [...] }` (a key read too), and so does
 * every system in a write scenario (`envelope`); otherwise the json_agg baseline sends the bare array, the rows
 * baseline an array or, for a key read, the row itself.
 */
export function extractRows(
  system: SystemKey,
  body: unknown,
  envelope = false,
  rowsPath?: readonly string[],
): unknown[] {
  if (rowsPath !== undefined) return snakeCaseKeys(system, atPath(body, rowsPath))
  if (system === 'platformatic') return snakeCaseKeys(system, Array.isArray(body) ? body : [body])
  if (isSluice(system) || envelope) {
    const value = (body as { value?: unknown } | null)?.value
    if (!Array.isArray(value)) throw new Error('the body has no "value" array')
    return value
  }
  if (Array.isArray(body)) return body
  if (body !== null && typeof body === 'object') return [body]
  throw new Error('the body is neither an array nor an object')
}

/** The array at `path` (GraphQL: `data.books.items`), or the object there as one row (a by-key query). */
function atPath(body: unknown, path: readonly string[]): unknown[] {
  let node = body
  for (const name of path) {
    if (node === null || typeof node !== 'object')
      throw new Error(`the body has nothing at ${path.join('.')}: ${JSON.stringify(body).slice(0, 300)}`)
    node = (node as Record<string, unknown>)[name]
  }
  if (Array.isArray(node)) return node
  if (node !== null && typeof node === 'object') return [node]
  throw new Error(`the body has no rows at ${path.join('.')}: ${JSON.stringify(body).slice(0, 300)}`)
}

/**
 * Peers rename columns to camelCase (Platformatic: `authorId`; PostGraphile amber: `authorId`, and the key as
 * `rowId`); the rows are compared under the table's own column names.
 */
function snakeCaseKeys(system: SystemKey, rows: unknown[]): unknown[] {
  if (system !== 'platformatic' && system !== 'postgraphile') return rows
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row as Record<string, unknown>).map(([key, value]) => [
        key === 'rowId' ? 'id' : key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        value,
      ]),
    ),
  )
}
