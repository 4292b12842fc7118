import {
  findFixtureColumn,
  type FixtureColumn,
  type FixtureRow,
  type FixtureTable,
  type FixtureValue,
} from '../fixture.js'
import { normalizeRow } from './normalize-row.js'
import { formatKeyValue } from '../rest/key-path.js'

/**
 * The model of REST writes the model-based property runs against: each table is a plain `Map` from key to row, and
 * `predictWrite` states what SPEC (REST writes) and Sluice's documented messages say a request must do to it. The
 * model knows nothing about SQL; generated key values are taken from the response and only checked to be new.
 */
export interface TableModel {
  readonly table: FixtureTable
  /** By `buildRowKeyId`, in insertion order. */
  readonly rows: Map<string, FixtureRow>
}

/** A write or read as the model sees it: what the URL, the body and `If-Match` say, already decoded. */
export interface ModelRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Key parts in the URL by column name (all, some, or none of the key). */
  readonly urlKey: FixtureRow
  /** Body fields by column name (`undefined`: no body, as for GET and DELETE). */
  readonly body: FixtureRow | undefined
  /** DELETE only: the body text sent, if any (DELETE names its row in the URL; see `predictWrite`). */
  readonly deleteBody?: string
  readonly ifMatch: boolean
}

/** An error the request may give; several are listed when SPEC does not say which check comes first. */
export interface ExpectedError {
  readonly status: number
  readonly code: string
  /** The whole message, or (`prefix: true`) its start: database errors append the engine's text in development mode. */
  readonly message: string
  readonly prefix?: boolean
}

export type WriteOutcome =
  | { readonly kind: 'error'; readonly accept: readonly ExpectedError[] }
  /** 201: `row` lacks the generated columns, which come from the response. */
  | {
      readonly kind: 'created'
      readonly row: FixtureRow
      readonly generated: readonly FixtureColumn[]
      readonly location: 'required' | 'optional'
    }
  | { readonly kind: 'updated'; readonly row: FixtureRow }
  | { readonly kind: 'deleted'; readonly id: string }
  | { readonly kind: 'read'; readonly row: FixtureRow | undefined }

export const MESSAGES = {
  keyRequired: 'Primary Key for this HTTP request type is required.',
  keyMismatch: (table: FixtureTable) =>
    `Primary key column(s) provided do not match the key of ${table.name}: expected ${table.primaryKey.join(', ')}.`,
  missingField: (field: string) => `Invalid request body. Missing field in body: ${field}.`,
  conflict: 'The request conflicts with an existing row (a unique key would be duplicated).',
  updateNotFound: 'No Update could be performed, record not found',
  upsertNotFound: (table: FixtureTable, key: string) =>
    `Cannot perform INSERT and could not find ${table.name} with primary key <${key}> to perform UPDATE on.`,
  deleteNotFound: (key: string) => `Could not find item with <${key}>`,
  notNull: 'The database rejected the request: a required value is missing.',
  invalidJson: 'Request body contains invalid JSON.',
  bodyArray: 'A Mutation operation on more than one entity in a single request is not yet supported.',
  invalidField: (field: string) => `Invalid field '${field}' in request body`,
} as const

const badRequest = (message: string, prefix = false): ExpectedError => ({
  status: 400,
  code: 'Bad Request',
  message,
  prefix,
})
const notFound = (message: string): ExpectedError => ({ status: 404, code: 'Not Found', message })

/** The identity of a row by its key values, equal for equal values whatever their representation. */
export function buildRowKeyId(table: FixtureTable, row: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(normalizeRow(table, row, table.primaryKey))
}

/** `id: 5` or `book_id: 1, id: 5`: the key as Sluice's not-found messages print it, in key order. */
export function describeKey(table: FixtureTable, key: FixtureRow): string {
  return table.primaryKey.map((name) => `${name}: ${formatKeyValue(key[name]!)}`).join(', ')
}

/**
 * What `request` must do to `model`'s table (SPEC REST writes rules 2–6, the Location table, and the documented
 * validation): validation errors first (before any SQL), then the outcome the row's presence decides.
 */
export function predictWrite(model: TableModel, request: ModelRequest): WriteOutcome {
  const { table } = model
  const keyColumns = table.primaryKey.map((name) => findFixtureColumn(table, name))
  const generated = keyColumns.filter((c) => c.generated === true)
  const given = keyColumns.filter((c) => Object.hasOwn(request.urlKey, c.name))
  const fullKey = given.length === keyColumns.length
  const body = request.body ?? {}
  const existing = fullKey ? model.rows.get(buildRowKeyId(table, request.urlKey)) : undefined
  // Required columns the request leaves out; key columns are the URL's business except in a POST body.
  const missingFields = (): string[] =>
    table.columns
      .filter(
        (c) =>
          !c.nullable && c.generated !== true && !Object.hasOwn(body, c.name) && !Object.hasOwn(request.urlKey, c.name),
      )
      .filter((c) => request.method === 'POST' || !table.primaryKey.includes(c.name))
      .map((c) => c.name)
  // A new row: every column the request leaves out is NULL (the fixture has no defaults).
  const newRow = (): FixtureRow => ({
    ...Object.fromEntries(table.columns.filter((c) => c.generated !== true).map((c) => [c.name, null])),
    ...request.urlKey,
    ...body,
  })
  const missingErrors = (): ExpectedError[] => missingFields().map((f) => badRequest(MESSAGES.missingField(f)))

  switch (request.method) {
    case 'GET':
      return { kind: 'read', row: existing }
    case 'DELETE': {
      const bodyError = deleteBodyError(request.deleteBody)
      if (bodyError !== undefined) return { kind: 'error', accept: [bodyError] }
      return existing === undefined
        ? { kind: 'error', accept: [notFound(MESSAGES.deleteNotFound(describeKey(table, request.urlKey)))] }
        : { kind: 'deleted', id: buildRowKeyId(table, request.urlKey) }
    }
    case 'POST': {
      const missing = missingErrors()
      if (missing.length > 0) return { kind: 'error', accept: missing }
      const row = newRow()
      if (generated.length === 0 && model.rows.has(buildRowKeyId(table, row)))
        return { kind: 'error', accept: [{ status: 409, code: 'Conflict', message: MESSAGES.conflict, prefix: true }] }
      return { kind: 'created', row, generated, location: 'required' }
    }
    case 'PUT':
    case 'PATCH': {
      const replace = request.method === 'PUT'
      if (!fullKey) {
        // Keyless (SPEC rule 4): a plain insert when only generated key parts are left out, never with If-Match.
        const keyErrors = keylessKeyErrors(
          table,
          given.length,
          generated.length > 0,
          keyColumns.some((c) => c.generated !== true && !given.includes(c)),
          request.ifMatch,
        )
        // Which comes first, a key error from the URL or a missing body field, is not specified: either is accepted.
        if (keyErrors.length > 0) return { kind: 'error', accept: [...keyErrors, ...missingErrors()] }
        const missing = missingErrors()
        if (missing.length > 0) return { kind: 'error', accept: missing }
        return { kind: 'created', row: newRow(), generated, location: 'required' }
      }
      if (replace) {
        const missing = missingErrors()
        if (missing.length > 0) return { kind: 'error', accept: missing }
      }
      if (existing !== undefined) return { kind: 'updated', row: replace ? newRow() : { ...existing, ...body } }
      if (request.ifMatch) return { kind: 'error', accept: [notFound(MESSAGES.updateNotFound)] }
      if (generated.length > 0)
        return { kind: 'error', accept: [notFound(MESSAGES.upsertNotFound(table, describeKey(table, request.urlKey)))] }
      // PATCH upsert inserts rely on the database for required fields.
      if (missingFields().length > 0) return { kind: 'error', accept: [badRequest(MESSAGES.notNull, true)] }
      return { kind: 'created', row: newRow(), generated: [], location: 'optional' }
    }
  }
}

/**
 * A DELETE body (docs/decisions.md, REST writes): none, blank or `{}` changes nothing; otherwise it must be JSON, and
 * in strict mode it names no field: SPEC rule 1 refuses key fields there, Sluice every field.
 */
function deleteBodyError(text: string | undefined): ExpectedError | undefined {
  if (text === undefined || text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return badRequest(MESSAGES.invalidJson)
  }
  if (Array.isArray(value)) return badRequest(MESSAGES.bodyArray)
  if (value === null || typeof value !== 'object')
    return badRequest(
      `The request body must be a JSON object of field values, not ${value === null ? 'null' : `a ${typeof value}`}.`,
    )
  const first = Object.keys(value)[0]
  return first === undefined ? undefined : badRequest(MESSAGES.invalidField(first))
}

/**
 * The 400s of a PUT/PATCH without a complete key. Keyless with `If-Match: *` and no key at all on a key nobody
 * generates give `Primary Key … is required`; leaving out a chosen part while naming another gives the key
 * mismatch. Where the brief names neither case exactly (no part of a partly generated key; some parts with
 * If-Match) both messages are accepted.
 */
function keylessKeyErrors(
  table: FixtureTable,
  givenParts: number,
  hasGenerated: boolean,
  missingChosen: boolean,
  ifMatch: boolean,
): ExpectedError[] {
  const required = badRequest(MESSAGES.keyRequired)
  const mismatch = badRequest(MESSAGES.keyMismatch(table))
  if (ifMatch) return givenParts === 0 ? [required] : [required, mismatch]
  if (!missingChosen) return []
  if (givenParts > 0) return [mismatch]
  return hasGenerated ? [required, mismatch] : [required]
}

/** Whether a fixture value is the JSON value of a generated column of `column`'s type (a new identity). */
export function readGeneratedValue(column: FixtureColumn, value: unknown): FixtureValue | undefined {
  if (column.type === 'int') return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined
  if (
    (typeof value === 'number' && Number.isSafeInteger(value)) ||
    (typeof value === 'string' && /^-?\d+$/.test(value))
  )
    return BigInt(value)
  return undefined
}
