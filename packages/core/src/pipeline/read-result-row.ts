import { invariant } from '../util/invariant.js'
import { SluiceError } from '../errors/sluice-error.js'
import { hasExactJsonForm } from '../model/scalar-type.js'
import type { OutputColumn, PageResult } from '../plan/select-plan.js'
import type { PageResultSet, SingleResultSet, WriteResultSet } from './result-set.js'
import { splitPageJson } from './split-page-json.js'
import type { ColumnRef } from '../plan/predicate-node.js'
import type { ReturnedRecord } from '../plan/write-plan.js'
import { CLOSE_BRACE, COMMA, DIGIT_0, DIGIT_9, MINUS } from '../util/json-char-codes.js'

/**
 * Reads the one row a page statement returns (see `PageResult`), tolerating each driver's representation. Cursor
 * values come from the row's `cursor`, or — when the dialect left it out — from the last kept record's JSON.
 */
export function readPageRow(
  rows: readonly Record<string, unknown>[],
  page: PageResult,
  columns: readonly OutputColumn[],
  counted = false,
  recordPerLine = false,
): PageResultSet {
  const row = rows[0]
  invariant(row !== undefined, 'a page statement returns exactly one row')
  const set = readPage(row, page, columns, recordPerLine)
  return counted ? { ...set, count: readCount(row['count']) } : set
}

/** A row count as the driver returns it (a bigint, its text, or a number). */
export function readCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value)
  invariant(Number.isSafeInteger(n) && n >= 0, `a count statement returns a non-negative integer, got ${String(value)}`)
  return n
}

function readPage(
  row: Record<string, unknown>,
  page: PageResult,
  columns: readonly OutputColumn[],
  recordPerLine: boolean,
): PageResultSet {
  const data = dataText(row['data'])
  if (row['more'] !== undefined) {
    const more = truthy(row['more'])
    return { kind: 'page', json: data, more, cursor: more ? cursorValues(row['cursor']) : null }
  }
  if (data === null) return { kind: 'page', json: null, more: false, cursor: null }
  const split = splitPageJson(data, page.limit, recordPerLine)
  if (!split.more) return { kind: 'page', json: split.json, more: false, cursor: null }
  const cursor =
    row['cursor'] !== undefined && row['cursor'] !== null
      ? cursorValues(row['cursor'])
      : readCursorFromRecord(split.lastElement!, page.cursorColumns, columns)
  return { kind: 'page', json: split.json, more: true, cursor }
}

/** Cursor values read from a record's JSON, for ordering columns the output carries with exact JSON types. */
function readCursorFromRecord(
  record: string,
  cursorColumns: PageResult['cursorColumns'],
  columns: readonly OutputColumn[],
): (string | null)[] {
  const leading = cursorColumns.length === 1 ? readLeadingInteger(record, cursorColumns[0]!, columns) : undefined
  if (leading !== undefined) return [leading]
  const values = JSON.parse(record) as Record<string, unknown>
  return cursorColumns.map((c) => {
    const output = columns.find((o) => o.column.table === c.table && o.column.column === c.column)
    invariant(
      output !== undefined && hasExactJsonForm(output.type),
      'the dialect returns cursor values it cannot leave to the record',
    )
    const v = values[output.name]
    return v === null || v === undefined ? null : String(v)
  })
}

/** An integer as JSON writes one exactly (at most 15 digits, so a double holds it; no `-0`, no leading zero). */
const EXACT_INTEGER = /^(?:0|-?[1-9]\d{0,14})$/

/**
 * The common page is ordered by an integer key that is the record's first member (`{"id":100,…}`): its digits are
 * read from the text instead of parsing the whole record (1–3 µs of a list request, profiled). Anything else — another
 * first member, whitespace, a string, a fraction — is left to JSON.parse (undefined).
 */
function readLeadingInteger(
  record: string,
  cursorColumn: ColumnRef,
  columns: readonly OutputColumn[],
): string | undefined {
  const output = columns.find((o) => o.column.table === cursorColumn.table && o.column.column === cursorColumn.column)
  if (output === undefined || !hasExactJsonForm(output.type)) return undefined
  return leadingInteger(record, output.name)
}

/** The digits of `record`'s first member when it is `name` and an exact integer (see readLeadingInteger). */
function leadingInteger(record: string, name: string): string | undefined {
  const prefix = `{${JSON.stringify(name)}:`
  if (!record.startsWith(prefix)) return undefined
  let end = prefix.length
  for (let c = record.charCodeAt(end); c === MINUS || (c >= DIGIT_0 && c <= DIGIT_9); c = record.charCodeAt(++end));
  const next = record.charCodeAt(end)
  if (next !== COMMA && next !== CLOSE_BRACE) return undefined
  const digits = record.slice(prefix.length, end)
  return EXACT_INTEGER.test(digits) ? digits : undefined
}

/** Reads the zero or one row a single-record statement returns. */
export function readSingleRow(rows: readonly Record<string, unknown>[]): SingleResultSet {
  return { kind: 'single', json: rows.length === 0 ? null : dataText(rows[0]!['data']) }
}

/**
 * A read's `data`. `''` (no JSON text is empty) is a dialect's word that its engine could not build an answer this
 * large: MySQL and MariaDB give NULL or a cut text past max_allowed_packet with only a warning
 * (`JsonObjectSqlCompiler.pageData`), which must not pass as a short or empty answer.
 */
function dataText(value: unknown): string | null {
  const text = jsonText(value)
  if (text === '') throw new SluiceError('SLUICE_ERR_DATABASE_RESULT_TOO_LARGE')
  return text
}

/**
 * Reads what a write statement returned (see `ReturnedRecord`): zero rows when nothing was written, else one row with
 * `data`, `key` (an insert's; `null` when a statement leaves it out) and, for upserts, `inserted`. `insert` says the
 * statement was a plain insert.
 */
export function readWriteRow(
  rows: readonly Record<string, unknown>[],
  insert: boolean,
  returning?: ReturnedRecord,
): WriteResultSet {
  const row = rows[0]
  if (row === undefined) return { kind: 'write', written: false, inserted: false, json: null, key: null }
  const inserted = insert || (row['inserted'] !== undefined && truthy(row['inserted']))
  const json = jsonText(row['data'])
  const returnedKey = row['key']
  const key =
    returnedKey !== undefined && returnedKey !== null
      ? cursorValues(returnedKey)
      : json !== null && returning?.keyInRecord !== undefined
        ? readKeyFromRecord(json, returning.keyInRecord)
        : null
  const image = jsonText(row['image'])
  return image === null
    ? { kind: 'write', written: true, inserted, json, key }
    : { kind: 'write', written: true, inserted, json, key, image }
}

/**
 * A written row's key from its record (`ReturnedRecord.keyInRecord`): the digits of a leading integer member as they
 * stand, else the members of the parsed record as text.
 */
function readKeyFromRecord(record: string, names: readonly string[]): readonly (string | null)[] {
  const leading = names.length === 1 ? leadingInteger(record, names[0]!) : undefined
  if (leading !== undefined) return [leading]
  const values = JSON.parse(record) as Record<string, unknown>
  return names.map((name) => {
    const v = values[name]
    return v === null || v === undefined ? null : String(v)
  })
}

/** A delete statement returns one row per deleted row, with the row's `image` when the plan asked for it. */
export function readDeleteRows(rows: readonly Record<string, unknown>[]): WriteResultSet {
  const image = rows.length === 0 ? null : jsonText(rows[0]!['image'])
  const written = rows.length > 0
  return image === null
    ? { kind: 'write', written, inserted: false, json: null, key: null }
    : { kind: 'write', written, inserted: false, json: null, key: null, image }
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
  invariant(Array.isArray(list), 'a statement returns cursor and key values as an array')
  return list.map((v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : String(v)))
}
