import * as fc from 'fast-check'
import { expect } from 'vitest'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createOrderByArbitrary } from '../arbitraries/order-by-arbitrary.js'
import { pageSizeArbitrary } from '../arbitraries/page-size-arbitrary.js'
import { createUnknownFieldArbitrary } from '../arbitraries/unknown-field-arbitrary.js'
import type { FixtureTable } from '../fixture.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { paginateRows } from '../oracle/paginate-rows.js'
import { sortRows } from '../oracle/sort-rows.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { walkPages } from '../rest/walk-pages.js'
import type { Scenario } from '../scenario.js'

const DEFAULT_PAGE_SIZE = 100

/** A random table and a few reads of it: a non-empty field subset in any order, an ordering and a page size. */
const tableWithSelections = createFixtureTableArbitrary({ name: 'select_rows', maxRows: 15 }).chain((table) =>
  fc.tuple(
    fc.constant(table),
    fc.array(
      fc.record({
        select: fc.shuffledSubarray(
          table.columns.map((c) => c.name),
          { minLength: 1 },
        ),
        orderBy: createOrderByArbitrary(table, { maxTerms: 2 }),
        pageSize: pageSizeArbitrary,
      }),
      { minLength: 1, maxLength: 3 },
    ),
  ),
)

/** A random table, a valid selection (possibly empty) and one unknown name placed anywhere in it. */
const tableWithUnknownField = createFixtureTableArbitrary({ name: 'select_unknown', maxRows: 3 }).chain((table) =>
  fc.tuple(
    fc.constant(table),
    fc.shuffledSubarray(table.columns.map((c) => c.name)),
    createUnknownFieldArbitrary(table.columns.map((c) => c.name)),
    fc.nat(),
  ),
)

/** Field selection: `$select` returns exactly the named fields, and names outside the entity are a coded 400. */
export const selectScenarios: readonly Scenario[] = [
  {
    key: 'select.random-subset',
    title:
      '$select of a random non-empty field subset returns exactly those fields with the oracle values, across pages',
    description:
      "`$select` of a random non-empty field subset returns exactly those fields, with the oracle's values, on every page.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithSelections, async ([table, reads]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            for (const { select, orderBy, pageSize } of reads) {
              const url = buildRestQuery(table.name, { select, orderBy, first: pageSize })
              const pages = await walkPages(server, url, table.rows.length + 2)
              for (const page of pages) {
                for (const record of page.value)
                  expect(Object.keys(record).sort(), `GET ${page.url}: fields`).toEqual([...select].sort())
              }
              const expected = paginateRows(sortRows(table, table.rows, orderBy), pageSize ?? DEFAULT_PAGE_SIZE)
              expect(
                pages.map((p) => texts(table, p.value, select)),
                `walking from GET ${url}`,
              ).toEqual(expected.map((page) => texts(table, page, select)))
            }
          })
        }),
        40,
      )
    },
  },
  {
    key: 'select.unknown-field',
    title: "$select naming a field the entity lacks gives 400 with message Invalid field '<f>' in $select",
    description:
      'A `$select` name the entity lacks gives `400 {"error":{"code":"Bad Request","message":"Invalid field \'<f>\' in $select","status":400}}`.',
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithUnknownField, async ([table, valid, unknown, at]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            const select = [...valid]
            select.splice(at % (select.length + 1), 0, unknown)
            const url = buildRestQuery(table.name, { select })
            const error = expectErrorEnvelope(await server.get(url), url)
            expect(error, `GET ${url}`).toEqual({
              code: 'Bad Request',
              message: `Invalid field '${unknown}' in $select`,
              status: 400,
            })
          })
        }),
        25,
      )
    },
  },
]

function texts(
  table: FixtureTable,
  rows: readonly Readonly<Record<string, unknown>>[],
  fields: readonly string[],
): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row, fields)))
}
