import * as fc from 'fast-check'
import { expect } from 'vitest'
import { createJunkWriteArbitrary, type JunkWriteCase } from '../arbitraries/junk-write-arbitrary.js'
import type { FixtureTable } from '../fixture.js'
import type { EngineLimits } from '../conformance-engine.js'
import type { FixtureServer, RestReply } from '../fixture-server.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { sortRows } from '../oracle/sort-rows.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/** A composite key the caller chooses (with a text part), every neutral type, NULLs and a non-nullable column. */
const JUNK_CHOSEN: FixtureTable = {
  name: 'junk_chosen',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'Code', type: 'text', nullable: false },
    { name: 'title', type: 'text', nullable: false },
    { name: 'big', type: 'bigint', nullable: true },
    { name: 'price', type: 'decimal', nullable: true },
    { name: 'flag', type: 'boolean', nullable: true },
    { name: 'born', type: 'date', nullable: true },
    { name: 'seen_at', type: 'timestamp', nullable: true },
    { name: 'order', type: 'int', nullable: true },
  ],
  primaryKey: ['id', 'Code'],
  rows: [
    {
      id: 1,
      Code: 'a',
      title: "it's",
      big: 9007199254740993n,
      price: '12.50',
      flag: true,
      born: '2000-02-29',
      seen_at: '2000-01-01T12:30:00',
      order: 3,
    },
    { id: 1, Code: 'b é', title: '', big: null, price: null, flag: null, born: null, seen_at: null, order: null },
    {
      id: -2,
      Code: '%_',
      title: 'a b',
      big: -1n,
      price: '-0.25',
      flag: false,
      born: '1999-12-31',
      seen_at: '1999-12-31T23:59:59.5',
      order: -1,
    },
  ],
}

/** A key part the caller chooses plus an identity, and a non-nullable column. */
const JUNK_GENERATED: FixtureTable = {
  name: 'junk_generated',
  columns: [
    { name: 'shelf', type: 'date', nullable: false },
    { name: 'id', type: 'bigint', nullable: false, generated: true },
    { name: 'name', type: 'text', nullable: false },
    { name: 'qty', type: 'int', nullable: true },
    { name: 'at', type: 'timestamp', nullable: true },
    { name: 'ok', type: 'boolean', nullable: false },
  ],
  primaryKey: ['shelf', 'id'],
  rows: [
    { shelf: '2000-01-01', id: 1n, name: 'x', qty: 5, at: null, ok: true },
    { shelf: '2024-06-15', id: 2n, name: '', qty: null, at: '2000-01-01T00:00:00', ok: false },
  ],
}

/** The same identity alone (Data API builder's `Book`): keyless is `PUT /api/<entity>`. */
const JUNK_IDENTITY: FixtureTable = {
  name: 'junk_identity',
  columns: [
    { name: 'id', type: 'int', nullable: false, generated: true },
    { name: 'price', type: 'decimal', nullable: false },
    { name: 'note', type: 'text', nullable: true },
  ],
  primaryKey: ['id'],
  rows: [
    { id: 1, price: '0.00', note: null },
    { id: 2, price: '99999999.99', note: 'n' },
  ],
}

/**
 * The fixture's tables. An engine that declares `limits.compositeGeneratedKeys: false` gets `junk_generated` with
 * the identity alone as its key (`shelf` an ordinary column), so its other columns are still checked.
 */
function createJunkTables(limits: EngineLimits): FixtureTable[] {
  const generated = limits.compositeGeneratedKeys === false ? { ...JUNK_GENERATED, primaryKey: ['id'] } : JUNK_GENERATED
  return [JUNK_CHOSEN, generated, JUNK_IDENTITY]
}

/** A few junk writes per run, on any of the tables (each run gets fresh tables, so a write that wrongly succeeds cannot leak into the next). */
function createJunkBatches(tables: readonly FixtureTable[]): fc.Arbitrary<JunkWriteCase[]> {
  return fc.array(fc.oneof(...tables.map((table) => createJunkWriteArbitrary(table))), { minLength: 1, maxLength: 8 })
}

/**
 * Junk writes: whatever the body, `If-Match` or URL, the answer is a 4xx error envelope and no table changes. Text
 * keys of 10 to 50 thousand characters are junk only past the engine's declared `limits.maxIndexedTextKeyLength`.
 */
export const writeJunkScenarios: readonly Scenario[] = [
  {
    key: 'write.junk-bodies',
    title:
      'junk bodies, fields, If-Match values and URLs on POST, PUT, PATCH and DELETE give a 4xx error envelope, never a 5xx, and change no row',
    description:
      "Junk writes give a 4xx error envelope, never a 5xx, and change no row: bodies that are not JSON, arrays, scalars, blank bodies; unknown (also `__proto__`), wrong-typed, NULL-for-non-nullable, nested, huge, key and generated fields; `If-Match` other than one `*`; query strings, bad or unknown key values, POST with a key, DELETE without a key or of an absent row (also with a junk body and `If-Match`); bodies over 1 MiB (413). Tables: a composite key the caller chooses, an identity after a chosen key part (the identity alone where the engine declares `limits.compositeGeneratedKeys: false`) and an identity alone. Text keys of 10 to 50 thousand characters are junk only past the engine's declared `limits.maxIndexedTextKeyLength` (a 4xx); within it, or without a declared limit, they may be written (the scenario deletes the row again) or refused with a 4xx, never a 5xx.",
    async run(harness) {
      const tables = createJunkTables(harness.limits)
      await harness.check(
        fc.asyncProperty(createJunkBatches(tables), async (batch) => {
          await harness.withServer(
            { tables },
            async (server) => {
              for (const junk of batch) {
                const line = describeJunk(junk)
                const reply = await server.send(junk.request)
                if (isWithinKeyLimit(junk, harness.limits)) await expectWrittenOrRefused(server, junk, reply, line)
                else {
                  const error = expectErrorEnvelope(reply, line)
                  if (junk.status !== undefined)
                    expect(error.status, `${line} → ${reply.text.slice(0, 300)}`).toBe(junk.status)
                }
                for (const table of tables) await expectTableUnchanged(server, table, `after ${line}`)
              }
            },
            { actions: ['*'] },
          )
        }),
        20,
      )
    },
  },
]

/**
 * Whether a long text key is one the engine may store: no declared `maxIndexedTextKeyLength`, or a key no longer than
 * it. Such a write is not junk to that engine; only longer keys must be refused.
 */
function isWithinKeyLimit(junk: JunkWriteCase, limits: EngineLimits): boolean {
  if (junk.keyLength === undefined) return false
  return limits.maxIndexedTextKeyLength === undefined || junk.keyLength <= limits.maxIndexedTextKeyLength
}

/** A long key within the engine's limit: a 4xx envelope, or a 2xx whose row is deleted again (so the tables are unchanged). */
async function expectWrittenOrRefused(
  server: FixtureServer,
  junk: JunkWriteCase,
  reply: RestReply,
  line: string,
): Promise<void> {
  if (reply.status >= 400) {
    expectErrorEnvelope(reply, line)
    return
  }
  expect(reply.status, `${line} → ${reply.status} ${reply.text.slice(0, 300)}`).toBeOneOf([200, 201])
  const location = reply.headers['location']
  const path = junk.request.method === 'POST' ? location?.replace(/^https?:\/\/[^/]+/i, '') : junk.request.url
  expect(path, `${line}: Location of the written row`).toBeTypeOf('string')
  const deleted = await server.send({ method: 'DELETE', url: path! })
  expect(deleted.status, `DELETE of the row written by ${line} → ${deleted.text.slice(0, 300)}`).toBe(204)
}

function describeJunk(junk: JunkWriteCase): string {
  const url =
    junk.request.url.length > 300
      ? `${junk.request.url.slice(0, 200)}… (${junk.request.url.length} characters)`
      : junk.request.url
  return `${junk.request.method} ${url} (${junk.defect})`
}

async function expectTableUnchanged(server: FixtureServer, table: FixtureTable, when: string): Promise<void> {
  const url = `/api/${table.name}?$first=-1`
  const records = readRecords(await server.get(url), url)
  expect(
    records.map((r) => JSON.stringify(normalizeRow(table, r))),
    `GET ${url} ${when}: the table changed`,
  ).toEqual(sortRows(table, table.rows, []).map((r) => JSON.stringify(normalizeRow(table, r))))
}
