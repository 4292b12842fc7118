import { invariant } from '../util/invariant.js'
import type { PageResultSet, SingleResultSet } from './result-set.js'

/** Reads the one row a page statement returns (see `PageResult`), tolerating each driver's representation. */
export function readPageRow(rows: readonly Record<string, unknown>[]): PageResultSet {
  const row = rows[0]
  invariant(row !== undefined, 'a page statement returns exactly one row')
  const more = truthy(row['more'])
  return { kind: 'page', json: jsonText(row['data']), more, cursor: more ? cursorValues(row['cursor']) : null }
}

/** Reads the zero or one row a single-record statement returns. */
export function readSingleRow(rows: readonly Record<string, unknown>[]): SingleResultSet {
  return { kind: 'single', json: rows.length === 0 ? null : jsonText(rows[0]!['data']) }
}

function jsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8')
  return JSON.stringify(value)
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't' || value === 'true' || value === 1n
}

function cursorValues(value: unknown): readonly (string | null)[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  invariant(Array.isArray(list), 'a page statement returns its cursor values as an array')
  return list.map((v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v)))
}
