import * as fc from 'fast-check'
import { expect } from 'vitest'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createTableFilterArbitrary } from '../arbitraries/table-filter-arbitrary.js'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import { filterRows } from '../oracle/filter-rows.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/** A random table with a few random filters over it (one server per table). */
const tableWithFilters = createFixtureTableArbitrary({ name: 'filter_rows', maxRows: 25 }).chain((table) =>
  fc.tuple(fc.constant(table), fc.array(createTableFilterArbitrary(table), { minLength: 1, maxLength: 6 })),
)

/** Filters: `$filter` keeps exactly the rows SQL's three-valued logic keeps. */
export const filterScenarios: readonly Scenario[] = [
  {
    key: 'filter.oracle-multiset',
    title: 'a random $filter over random rows returns exactly the rows the oracle keeps, as a multiset',
    description:
      "A random `$filter` over random rows (NULLs, duplicates, negative numbers, text containing `%`, `_`, `\\`, `'`, a space and `é`) returns exactly the rows the oracle keeps, compared as a multiset (`$first=-1`).",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithFilters, async ([table, filters]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            for (const filter of filters) {
              const url = buildRestQuery(table.name, { filter, first: -1 })
              const records = readRecords(await server.get(url), url)
              for (const record of records)
                expect(Object.keys(record).sort(), `GET ${url}: fields`).toEqual(
                  table.columns.map((c) => c.name).sort(),
                )
              expect(sortedTexts(table, records), `GET ${url}`).toEqual(sortedTexts(table, filterRows(table, filter)))
            }
          })
        }),
        60,
      )
    },
  },
]

/** Rows as normalized JSON texts in a fixed order: equal arrays = equal multisets. */
function sortedTexts(table: FixtureTable, rows: readonly (FixtureRow | Record<string, unknown>)[]): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row))).sort()
}
