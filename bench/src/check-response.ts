import type { SystemKey } from './bench-systems.js'
import { compareRows } from './compare-rows.js'
import { extractRows } from './extract-rows.js'

/** The one request sent before measuring. */
export interface CheckRequest {
  readonly method: string
  readonly url: string
  /** JSON body of a write. */
  readonly body?: string
  /**
   * Set for a write: the status every system must answer with. The body must be `{"value":[one row]}`, and a 201 must
   * carry a `Location` whose path ends in `/<id of that row>` (anything else must carry none).
   */
  readonly writeStatus?: number
}

export interface ResponseCheck {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly contentType: string | null
  /** The `Location` header, when there is one. */
  readonly location: string | null
  /** Body bytes (without headers). */
  readonly bytes: number
  /** Rows found in the body, when the scenario carries rows. */
  readonly rows?: readonly unknown[]
  /** Why the response does not match the raw pg rows baseline (or, for a write, the expected answer); empty when it does. */
  readonly mismatches: readonly string[]
  readonly representationNotes: readonly string[]
}

/**
 * Sends `request` once and, when `expected` rows are given, compares the rows in the body with them. The rows baseline
 * itself is checked with `expected` undefined and its rows become the reference for the others. A write's status and
 * `Location` are checked for every system, the reference included.
 */
export async function checkResponse(request: CheckRequest, system: SystemKey, carriesRows: boolean, expected: readonly unknown[] | undefined): Promise<ResponseCheck> {
  const { method, url, body, writeStatus } = request
  const response = await fetch(url, body === undefined ? { method } : { method, body, headers: { 'content-type': 'application/json' } })
  const text = await response.text()
  const location = response.headers.get('location')
  const base = { method, url, status: response.status, contentType: response.headers.get('content-type'), location, bytes: Buffer.byteLength(text) }
  if (!response.ok) return { ...base, mismatches: [`HTTP ${response.status}: ${text.slice(0, 500)}`], representationNotes: [] }
  if (!carriesRows) return { ...base, mismatches: [], representationNotes: [] }
  let rows: unknown[]
  try {
    rows = extractRows(system, JSON.parse(text), writeStatus !== undefined)
  } catch (error) {
    return { ...base, mismatches: [`unreadable body (${(error as Error).message}): ${text.slice(0, 500)}`], representationNotes: [] }
  }
  const writeMismatches = writeStatus === undefined ? [] : checkWrite(writeStatus, response.status, location, rows)
  if (expected === undefined) return { ...base, rows, mismatches: writeMismatches, representationNotes: [] }
  const comparison = compareRows(expected, rows)
  return { ...base, rows, mismatches: [...writeMismatches, ...comparison.mismatches], representationNotes: comparison.representationNotes }
}

function checkWrite(expectedStatus: number, status: number, location: string | null, rows: readonly unknown[]): string[] {
  const mismatches: string[] = []
  if (status !== expectedStatus) mismatches.push(`expected status ${expectedStatus}, got ${status}`)
  if (rows.length !== 1) mismatches.push(`expected "value" to hold the written row, got ${rows.length} rows`)
  const id = (rows[0] as { id?: unknown } | undefined)?.id
  if (expectedStatus !== 201) {
    if (location !== null) mismatches.push(`expected no Location, got ${location}`)
  } else if (location === null) {
    mismatches.push('expected a Location header')
  } else {
    let path: string | undefined
    try {
      path = new URL(location).pathname
    } catch {
      mismatches.push(`Location is not an absolute URL: ${location}`)
    }
    if (path !== undefined && !path.endsWith(`/${String(id)}`)) mismatches.push(`Location ${location} does not end in the row's id ${String(id)}`)
  }
  return mismatches
}
