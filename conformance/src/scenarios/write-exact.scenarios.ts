import * as fc from 'fast-check'
import { expect } from 'vitest'
import type { FixtureColumn, FixtureRow, FixtureTable } from '../fixture.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { buildKeyPath, readLocationSegments } from '../rest/key-path.js'
import { readRecords } from '../rest/read-records.js'
import { readWriteRecord } from '../rest/read-write-reply.js'
import { encodeJsonBody } from '../rest/write-body.js'
import type { Scenario } from '../scenario.js'

const ID: FixtureColumn = { name: 'id', type: 'bigint', nullable: false }
const BIG: FixtureColumn = { name: 'big', type: 'bigint', nullable: true }

/** A 64-bit key the caller chooses and a 64-bit value. */
const EXACT_TABLE: FixtureTable = { name: 'exact_integers', columns: [ID, BIG], primaryKey: ['id'], rows: [] }

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }

/** 64-bit integers a double cannot hold: beyond ±2^53, the extremes, and neighbours of powers of two. */
const wideInteger = fc.oneof(
  fc.bigInt({ min: 2n ** 53n + 1n, max: INT64.max }),
  fc.bigInt({ min: INT64.min, max: -(2n ** 53n) - 1n }),
  fc.constantFrom(
    INT64.max,
    INT64.min,
    INT64.max - 1n,
    2n ** 53n + 1n,
    -(2n ** 53n) - 1n,
    2n ** 62n + 1n,
    1234567890123456789n,
  ),
)

/**
 * 64-bit integers as exact JSON number literals (as Sluice writes them in responses): a client that sends back what
 * it read, digits and all, must have them stored exactly, never rounded through a double.
 */
export const writeExactScenarios: readonly Scenario[] = [
  {
    key: 'write.exact-integers',
    title:
      '64-bit integers beyond 2^53 sent as JSON number literals in POST, PUT and PATCH bodies are stored and echoed exactly',
    description:
      '64-bit integers beyond 2^53, written as exact JSON number literals (as Sluice writes them) in POST, PUT and PATCH bodies, are stored, echoed and read back exactly, and the `Location` names the exact key.',
    async run(harness) {
      const input = fc.uniqueArray(fc.tuple(wideInteger, wideInteger, wideInteger, wideInteger), {
        minLength: 1,
        maxLength: 3,
        selector: ([id]) => id,
      })
      await harness.check(
        fc.asyncProperty(input, async (rows) => {
          await harness.withServer(
            { tables: [EXACT_TABLE] },
            async (server) => {
              for (const [id, posted, put, patched] of rows) {
                const collection = `/api/${EXACT_TABLE.name}`
                const postBody = encodeJsonBody([
                  { column: ID, value: id },
                  { column: BIG, value: posted },
                ])
                const created = await server.send({ method: 'POST', url: collection, body: postBody })
                const postLine = `POST ${collection} ${postBody}`
                expectExact(readWriteRecord(created, postLine, 201), { id, big: posted }, postLine)
                expect(
                  readLocationSegments(created.headers['location'] ?? ''),
                  `${postLine}: Location ${created.headers['location']}`,
                ).toEqual(['api', EXACT_TABLE.name, 'id', String(id)])

                const path = buildKeyPath(EXACT_TABLE.name, [{ column: ID, value: id }])
                for (const [method, value] of [
                  ['PUT', put],
                  ['PATCH', patched],
                ] as const) {
                  const body = encodeJsonBody([{ column: BIG, value }])
                  const line = `${method} ${path} ${body}`
                  expectExact(
                    readWriteRecord(await server.send({ method, url: path, body }), line, 200),
                    { id, big: value },
                    line,
                  )
                }
                const records = readRecords(await server.get(path), path)
                expect(
                  records.map((r) => normalizeRow(EXACT_TABLE, r)),
                  `GET ${path}`,
                ).toEqual([normalizeRow(EXACT_TABLE, { id, big: patched })])
              }
            },
            { actions: ['*'] },
          )
        }),
        15,
      )
    },
  },
]

function expectExact(record: Record<string, unknown>, row: FixtureRow, where: string): void {
  expect(normalizeRow(EXACT_TABLE, record), `${where}: record`).toEqual(normalizeRow(EXACT_TABLE, row))
}
