import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
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
  /** Extra request headers (a GET with them is sent raw, so the body is checked and counted as it came over the wire). */
  readonly headers?: Readonly<Record<string, string>>
  /** Set for a compression variant: whether the response must carry a `Content-Encoding` (br or gzip). */
  readonly encoded?: boolean
  /** Where the rows are in the body (GraphQL responses); default: the system's REST shape. */
  readonly rowsPath?: readonly string[]
}

export interface ResponseCheck {
  readonly method: string
  readonly url: string
  readonly status: number
  readonly contentType: string | null
  /** The `Location` header, when there is one. */
  readonly location: string | null
  /** Body bytes (without headers), as sent: compressed when the response has a `Content-Encoding`. */
  readonly bytes: number
  /** The `Content-Encoding` header, when there is one. */
  readonly contentEncoding?: string
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
export async function checkResponse(
  request: CheckRequest,
  system: SystemKey,
  carriesRows: boolean,
  expected: readonly unknown[] | undefined,
): Promise<ResponseCheck> {
  const { method, url, body, writeStatus, encoded } = request
  let response: { status: number; ok: boolean; headers: { get(name: string): string | null } }
  let text: string
  let bytes: number
  const encodingMismatches: string[] = []
  if (request.headers !== undefined && body === undefined) {
    const raw = await getRaw(url, request.headers)
    response = raw
    bytes = raw.body.length
    const encoding = raw.headers.get('content-encoding')
    try {
      text = decode(raw.body, encoding).toString('utf8')
    } catch (error) {
      text = ''
      encodingMismatches.push(`cannot decode ${encoding}: ${(error as Error).message}`)
    }
    if (encoded === true && encoding === null) encodingMismatches.push('expected a Content-Encoding, got none')
    if (encoded === false && encoding !== null) encodingMismatches.push(`expected no Content-Encoding, got ${encoding}`)
  } else {
    const fetched = await fetch(
      url,
      body === undefined ? { method } : { method, body, headers: { 'content-type': 'application/json' } },
    )
    response = fetched
    text = await fetched.text()
    bytes = Buffer.byteLength(text)
  }
  const location = response.headers.get('location')
  const contentEncoding = response.headers.get('content-encoding')
  const base = {
    method,
    url,
    status: response.status,
    contentType: response.headers.get('content-type'),
    location,
    bytes,
    ...(contentEncoding === null ? {} : { contentEncoding }),
  }
  if (!response.ok)
    return { ...base, mismatches: [`HTTP ${response.status}: ${text.slice(0, 500)}`], representationNotes: [] }
  if (encodingMismatches.length > 0 || !carriesRows)
    return { ...base, mismatches: encodingMismatches, representationNotes: [] }
  let rows: unknown[]
  try {
    const parsed = JSON.parse(text) as { errors?: unknown }
    if (request.rowsPath !== undefined && parsed.errors !== undefined)
      throw new Error(`GraphQL errors ${JSON.stringify(parsed.errors).slice(0, 400)}`)
    rows = extractRows(system, parsed, writeStatus !== undefined, request.rowsPath)
  } catch (error) {
    return {
      ...base,
      mismatches: [`unreadable body (${(error as Error).message}): ${text.slice(0, 500)}`],
      representationNotes: [],
    }
  }
  const writeMismatches = writeStatus === undefined ? [] : checkWrite(writeStatus, response.status, location, rows)
  if (expected === undefined) return { ...base, rows, mismatches: writeMismatches, representationNotes: [] }
  const comparison = compareRows(expected, rows)
  return {
    ...base,
    rows,
    mismatches: [...writeMismatches, ...comparison.mismatches],
    representationNotes: comparison.representationNotes,
  }
}

function checkWrite(
  expectedStatus: number,
  status: number,
  location: string | null,
  rows: readonly unknown[],
): string[] {
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
    if (path !== undefined && !path.endsWith(`/${String(id)}`))
      mismatches.push(`Location ${location} does not end in the row's id ${String(id)}`)
  }
  return mismatches
}

/** GET `url` with `headers` over node:http, keeping the body bytes as sent (fetch would decode them). */
function getRaw(
  url: string,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; ok: boolean; headers: { get(name: string): string | null }; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { method: 'GET', headers: { ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        const status = res.statusCode ?? 0
        const get = (name: string): string | null => {
          const value = res.headers[name.toLowerCase()]
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
        }
        resolve({ status, ok: status >= 200 && status < 300, headers: { get }, body: Buffer.concat(chunks) })
      })
    })
      .on('error', reject)
      .end()
  })
}

/** The body decoded per its `Content-Encoding` (br, gzip, or none). */
function decode(body: Buffer, encoding: string | null): Buffer {
  if (encoding === null || encoding === 'identity') return body
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}
