import type * as fc from 'fast-check'
import { expect } from 'vitest'
import {
  findFixtureColumn,
  type FixtureColumn,
  type FixtureRow,
  type FixtureTable,
  type FixtureValue,
} from '../fixture.js'
import type { FixtureServer, RestReply, RestRequest } from '../fixture-server.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import {
  buildRowKeyId,
  predictWrite,
  readGeneratedValue,
  type ModelRequest,
  type TableModel,
  type WriteOutcome,
} from '../oracle/predict-write.js'
import { sortRows } from '../oracle/sort-rows.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import {
  buildKeyPath,
  formatKeyValue,
  isAddressableKeyValue,
  readLocationSegments,
  type KeyPart,
} from '../rest/key-path.js'
import { readRecords } from '../rest/read-records.js'
import { readWriteRecord } from '../rest/read-write-reply.js'
import { encodeJsonBody, isSafeJsonInteger, type BodyField } from '../rest/write-body.js'

/** The two tables every run writes to: a key the caller chooses (upserts insert) and a key the database generates. */
export type TableRole = 'chosen' | 'generated'

export type WriteModel = Record<TableRole, TableModel>

export interface WriteReal {
  readonly server: FixtureServer
}

/** The key a command addresses: the `pick`-th addressable row of the model when there is one, else `values`. */
export interface KeyChoice {
  readonly pick: number | undefined
  /** A value for every key column (generated ones included, for by-key requests). */
  readonly values: FixtureRow
}

/** Body fields for columns outside the key, in the order sent. */
export type BodyDraft = readonly BodyField[]

/** A DELETE body: JSON text, or (`key`) an object naming the key field of the row in the URL. */
export type DeleteBody = { readonly text: string } | { readonly key: true }

export type Action =
  | { readonly kind: 'POST'; readonly key: KeyChoice; readonly body: BodyDraft }
  | { readonly kind: 'PUT' | 'PATCH'; readonly key: KeyChoice; readonly body: BodyDraft; readonly ifMatch: boolean }
  /** PUT/PATCH naming only the key columns in `parts` (a strict subset, possibly none) in the URL. */
  | {
      readonly kind: 'PUT keyless' | 'PATCH keyless'
      readonly key: KeyChoice
      readonly parts: readonly string[]
      readonly body: BodyDraft
      readonly ifMatch: boolean
    }
  /** DELETE may carry an `If-Match` (no effect) and a body (`{}` or nothing is fine; fields or junk are a 400). */
  | {
      readonly kind: 'DELETE'
      readonly key: KeyChoice
      readonly ifMatchValue: string | undefined
      readonly body: DeleteBody | undefined
    }
  | { readonly kind: 'GET'; readonly key: KeyChoice }

/**
 * One request against one table. `run` asks the model (`predictWrite`) what must happen, sends the request, checks
 * status, envelope, record and `Location`, updates the model, and compares the whole table (GET `$first=-1`) with it.
 */
export class WriteCommand implements fc.AsyncCommand<WriteModel, WriteReal> {
  /** The request line of the last run, shown in counterexamples. */
  #line: string | undefined

  constructor(
    readonly role: TableRole,
    readonly action: Action,
  ) {}

  check(): boolean {
    return true
  }

  async run(model: WriteModel, real: WriteReal): Promise<void> {
    const tableModel = model[this.role]
    const { table } = tableModel
    const { request, modelRequest } = buildRequest(tableModel, this.action)
    this.#line = describeRequest(request)
    const expected = predictWrite(tableModel, modelRequest)
    const reply = await real.server.send(request)
    const written = await checkReply(real.server, table, tableModel, this.#line, reply, expected)
    if (expected.kind === 'created' || expected.kind === 'updated')
      tableModel.rows.set(buildRowKeyId(table, written!), written!)
    if (expected.kind === 'deleted') tableModel.rows.delete(expected.id)
    await expectTableEqualsModel(real.server, tableModel, `after ${this.#line}`)
  }

  toString(): string {
    return `${this.role}: ${this.#line ?? JSON.stringify(this.action, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`
  }
}

/** The HTTP request for an action, and the same request as the model reads it. */
function buildRequest(tableModel: TableModel, action: Action): { request: RestRequest; modelRequest: ModelRequest } {
  const { table } = tableModel
  const key = resolveKey(tableModel, action.key)
  const keyColumns = table.primaryKey.map((name) => findFixtureColumn(table, name))
  const headers = 'ifMatch' in action && action.ifMatch ? { 'if-match': '*' } : undefined
  const urlKeyOf = (columns: readonly FixtureColumn[]): FixtureRow =>
    Object.fromEntries(columns.map((c) => [c.name, key[c.name]!]))
  const path = (columns: readonly FixtureColumn[]): string =>
    buildKeyPath(
      table.name,
      columns.map((c): KeyPart => ({ column: c, value: key[c.name]! })),
    )
  switch (action.kind) {
    case 'POST': {
      // The key the caller chooses travels in the body; generated parts are the database's.
      const keyFields = keyColumns
        .filter((c) => c.generated !== true)
        .map((c): BodyField => ({
          column: c,
          value: key[c.name]!,
          asString: typeof key[c.name] === 'bigint' && !isSafeJsonInteger(key[c.name] as bigint),
        }))
      const fields = [...keyFields, ...action.body]
      return {
        request: { method: 'POST', url: `/api/${encodeURIComponent(table.name)}`, body: encodeJsonBody(fields) },
        modelRequest: { method: 'POST', urlKey: {}, body: bodyRow(fields), ifMatch: false },
      }
    }
    case 'PUT':
    case 'PATCH':
      return {
        request: {
          method: action.kind,
          url: path(keyColumns),
          body: encodeJsonBody(action.body),
          ...(headers === undefined ? {} : { headers }),
        },
        modelRequest: {
          method: action.kind,
          urlKey: urlKeyOf(keyColumns),
          body: bodyRow(action.body),
          ifMatch: action.ifMatch,
        },
      }
    case 'PUT keyless':
    case 'PATCH keyless': {
      const method = action.kind === 'PUT keyless' ? 'PUT' : 'PATCH'
      const columns = keyColumns.filter((c) => action.parts.includes(c.name))
      return {
        request: {
          method,
          url: path(columns),
          body: encodeJsonBody(action.body),
          ...(headers === undefined ? {} : { headers }),
        },
        modelRequest: { method, urlKey: urlKeyOf(columns), body: bodyRow(action.body), ifMatch: action.ifMatch },
      }
    }
    case 'DELETE': {
      const first = keyColumns[0]!
      const deleteBody =
        action.body === undefined
          ? undefined
          : 'text' in action.body
            ? action.body.text
            : encodeJsonBody([{ column: first, value: key[first.name]! }])
      return {
        request: {
          method: 'DELETE',
          url: path(keyColumns),
          ...(deleteBody === undefined ? {} : { body: deleteBody }),
          ...(action.ifMatchValue === undefined ? {} : { headers: { 'if-match': action.ifMatchValue } }),
        },
        modelRequest: {
          method: 'DELETE',
          urlKey: urlKeyOf(keyColumns),
          body: undefined,
          ifMatch: false,
          ...(deleteBody === undefined ? {} : { deleteBody }),
        },
      }
    }
    case 'GET':
      return {
        request: { method: 'GET', url: path(keyColumns) },
        modelRequest: { method: 'GET', urlKey: urlKeyOf(keyColumns), body: undefined, ifMatch: false },
      }
  }
}

/** The key values a choice stands for now: an existing row's (when asked and there is one) or its own. */
function resolveKey(tableModel: TableModel, choice: KeyChoice): FixtureRow {
  if (choice.pick === undefined) return choice.values
  const { primaryKey } = tableModel.table
  const rows = [...tableModel.rows.values()].filter((row) =>
    primaryKey.every((name) => isAddressableKeyValue(row[name] ?? null)),
  )
  if (rows.length === 0) return choice.values
  const row = rows[choice.pick % rows.length]!
  return Object.fromEntries(primaryKey.map((name) => [name, row[name]!]))
}

function bodyRow(fields: readonly BodyField[]): FixtureRow {
  return Object.fromEntries(fields.map((f) => [f.column.name, f.value]))
}

function describeRequest(request: RestRequest): string {
  const ifMatch =
    request.headers?.['if-match'] === undefined ? '' : ` [If-Match: ${String(request.headers['if-match'])}]`
  return `${request.method} ${request.url}${ifMatch}${request.body === undefined ? '' : ` ${request.body}`}`
}

/**
 * Checks a reply against the model's outcome and returns the row written (with generated values read from the
 * response) for creations and updates.
 */
async function checkReply(
  server: FixtureServer,
  table: FixtureTable,
  tableModel: TableModel,
  line: string,
  reply: RestReply,
  expected: WriteOutcome,
): Promise<FixtureRow | undefined> {
  const where = `${line} → ${reply.status} ${reply.text.slice(0, 500)}`
  const location = reply.headers['location']
  switch (expected.kind) {
    case 'error': {
      const error = expectErrorEnvelope(reply, line)
      const matches = expected.accept.some(
        (e) =>
          e.status === error.status &&
          e.code === error.code &&
          (e.prefix === true ? error.message.startsWith(e.message) : error.message === e.message),
      )
      expect(matches, `${where}: expected one of ${JSON.stringify(expected.accept)}`).toBe(true)
      expect(location, `${where}: Location on an error`).toBeUndefined()
      return undefined
    }
    case 'read': {
      const records = readRecords(reply, line)
      expect(
        records.map((r) => normalizeRow(table, r)),
        where,
      ).toEqual(expected.row === undefined ? [] : [normalizeRow(table, expected.row)])
      return undefined
    }
    case 'deleted':
      expect(reply.status, where).toBe(204)
      expect(reply.text, `${where}: a 204 has no body`).toBe('')
      expect(location, `${where}: Location on a delete`).toBeUndefined()
      return undefined
    case 'updated': {
      const record = readWriteRecord(reply, line, 200)
      expectRecord(table, record, expected.row, where)
      expect(location, `${where}: Location on an update (SPEC: absent)`).toBeUndefined()
      return expected.row
    }
    case 'created': {
      const record = readWriteRecord(reply, line, 201)
      const row: Record<string, FixtureValue> = { ...expected.row }
      for (const column of expected.generated) {
        const value = readGeneratedValue(column, record[column.name])
        expect(value, `${where}: generated ${column.name} is a ${column.type}`).not.toBeUndefined()
        row[column.name] = value!
      }
      expectRecord(table, record, row, where)
      expect(
        tableModel.rows.has(buildRowKeyId(table, row)),
        `${where}: the created key already belonged to a row`,
      ).toBe(false)
      if (expected.location === 'required') expect(location, `${where}: Location`).toBeTypeOf('string')
      if (location !== undefined) await checkLocation(server, table, row, location, where)
      return row
    }
  }
}

/** The record has exactly the table's fields, with the row's values. */
function expectRecord(table: FixtureTable, record: Record<string, unknown>, row: FixtureRow, where: string): void {
  expect(Object.keys(record).sort(), `${where}: fields`).toEqual(table.columns.map((c) => c.name).sort())
  expect(normalizeRow(table, record), `${where}: record`).toEqual(normalizeRow(table, row))
}

/**
 * `Location` names the row (SPEC Location table): an absolute URL whose path is `/api/<entity>` plus every key
 * column as name/value pairs in definition order, and a GET of it reads the row.
 */
async function checkLocation(
  server: FixtureServer,
  table: FixtureTable,
  row: FixtureRow,
  location: string,
  where: string,
): Promise<void> {
  const expected = ['api', table.name, ...table.primaryKey.flatMap((name) => [name, formatKeyValue(row[name]!)])]
  expect(readLocationSegments(location), `${where}: Location ${location}`).toEqual(expected)
  const path = location.replace(/^https?:\/\/[^/]+/i, '')
  const records = readRecords(await server.get(path), `${path} (the Location of ${where})`)
  expect(
    records.map((r) => normalizeRow(table, r)),
    `GET ${path} (the Location of ${where})`,
  ).toEqual([normalizeRow(table, row)])
}

/** GET `$first=-1` returns exactly the model's rows, in key order. */
async function expectTableEqualsModel(server: FixtureServer, tableModel: TableModel, when: string): Promise<void> {
  const { table } = tableModel
  const url = `/api/${encodeURIComponent(table.name)}?$first=-1`
  const records = readRecords(await server.get(url), url)
  const actual = records.map((r) => JSON.stringify(normalizeRow(table, r)))
  const expected = sortRows(table, [...tableModel.rows.values()], []).map((r) => JSON.stringify(normalizeRow(table, r)))
  expect(actual, `GET ${url} ${when}: the table differs from the model`).toEqual(expected)
}
