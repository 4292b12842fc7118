import * as fc from 'fast-check'
import { expect } from 'vitest'
import type { FixtureColumn, FixtureTable } from '../fixture.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

const ID: FixtureColumn = { name: 'id', type: 'int', nullable: false }
const QTY: FixtureColumn = { name: 'qty', type: 'int', nullable: false }
const NOTE: FixtureColumn = { name: 'note', type: 'text', nullable: true }

/** A key the caller chooses and a non-nullable payload, so an insert needs the whole record. */
const RACE_TABLE: FixtureTable = {
  name: 'race_rows',
  columns: [ID, QTY, NOTE],
  primaryKey: ['id'],
  rows: [{ id: 1, qty: 1, note: null }],
}

/**
 * Concurrent upserts of one key (SPEC REST writes: atomic, never a 500 or a duplicate): of N simultaneous PUTs on an
 * absent key exactly one creates (201) and the others update (200); the table then holds that key once, with one of
 * the written values. On engines with real concurrency (PostgreSQL) this exercises the native upsert's race handling.
 */
export const writeConcurrencyScenarios: readonly Scenario[] = [
  {
    key: 'write.concurrent-upserts',
    title:
      'simultaneous PUTs and PATCHes of one absent key give exactly one 201, the rest 200, never a 5xx or a duplicate row',
    description:
      "simultaneous PUTs and PATCHes of one absent key give exactly one 201 and 200s, never a 5xx, and leave exactly one row holding one of the written values (the native upsert's race handling on engines with real concurrency).",
    async run(harness) {
      const input = fc.record({
        id: fc.integer({ min: 2, max: 1_000_000 }),
        writes: fc.array(
          fc.tuple(fc.constantFrom('PUT' as const, 'PATCH' as const), fc.integer({ min: -1000, max: 1000 })),
          { minLength: 2, maxLength: 12 },
        ),
      })
      await harness.check(
        fc.asyncProperty(input, async ({ id, writes }) => {
          await harness.withServer(
            { tables: [RACE_TABLE] },
            async (server) => {
              const url = `/api/${RACE_TABLE.name}/id/${id}`
              const replies = await Promise.all(
                writes.map(([method, qty]) =>
                  server.send({ method, url, body: JSON.stringify({ qty, note: method }) }),
                ),
              )
              const statuses = replies.map((r) => r.status)
              expect(
                statuses.filter((s) => s === 201),
                `statuses ${statuses.join(',')}`,
              ).toHaveLength(1)
              expect(
                statuses.every((s) => s === 201 || s === 200),
                `statuses ${statuses.join(',')}`,
              ).toBe(true)
              const rows = readRecords(await server.get(`/api/${RACE_TABLE.name}?$filter=id eq ${id}`), url)
              expect(rows).toHaveLength(1)
              expect(writes.map(([method, qty]) => `${qty}/${method}`)).toContain(
                `${String(rows[0]!['qty'])}/${String(rows[0]!['note'])}`,
              )
            },
            { actions: ['*'] },
          )
        }),
        10,
      )
    },
  },
]
