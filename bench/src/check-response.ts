import type { SystemKey } from './bench-systems.js'
import { compareRows } from './compare-rows.js'
import { extractRows } from './extract-rows.js'

export interface ResponseCheck {
  readonly url: string
  readonly status: number
  readonly contentType: string | null
  /** Body bytes (without headers). */
  readonly bytes: number
  /** Rows found in the body, when the scenario carries rows. */
  readonly rows?: readonly unknown[]
  /** Why the response does not match the raw pg rows baseline; empty when it does. */
  readonly mismatches: readonly string[]
  readonly representationNotes: readonly string[]
}

/**
 * Fetches `url` once and, when `expected` rows are given, compares the rows in the body with them. The rows baseline
 * itself is fetched with `expected` undefined and its rows become the reference for the others.
 */
export async function checkResponse(url: string, system: SystemKey, carriesRows: boolean, expected: readonly unknown[] | undefined): Promise<ResponseCheck> {
  const response = await fetch(url)
  const text = await response.text()
  const base = { url, status: response.status, contentType: response.headers.get('content-type'), bytes: Buffer.byteLength(text) }
  if (!response.ok) return { ...base, mismatches: [`HTTP ${response.status}: ${text.slice(0, 500)}`], representationNotes: [] }
  if (!carriesRows) return { ...base, mismatches: [], representationNotes: [] }
  let rows: unknown[]
  try {
    rows = extractRows(system, JSON.parse(text))
  } catch (error) {
    return { ...base, mismatches: [`unreadable body (${(error as Error).message}): ${text.slice(0, 500)}`], representationNotes: [] }
  }
  if (expected === undefined) return { ...base, rows, mismatches: [], representationNotes: [] }
  const comparison = compareRows(expected, rows)
  return { ...base, rows, ...comparison }
}
