import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import { MAX_IN_VALUES, printFilterExpression } from '@sluice/core/protocol'
import { createColumnLiteralArbitrary } from '../arbitraries/column-literal-arbitrary.js'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import type { FixtureColumn, FixtureTable } from '../fixture.js'
import { filterRows } from '../oracle/filter-rows.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/**
 * `in` lists over a random column: short lists of literals the column accepts (duplicates, quotes, numbers written
 * as text), often combined with `not` and `or`, and one list of many values (up to the limit), each bound as a
 * parameter. `$filter` text is what the suite prints, so quoting is exercised too.
 */
const tableWithLists = createFixtureTableArbitrary({ name: 'in_rows', maxRows: 25 }).chain((table) => {
  const column = fc.constantFrom(...table.columns)
  const list = column.chain((c) =>
    fc
      .array(createColumnLiteralArbitrary(c.type), { minLength: 1, maxLength: 8 })
      .map((values) => Filter.in(c.name, values)),
  )
  const filter = fc.oneof(
    { arbitrary: list, weight: 3 },
    { arbitrary: list.map(Filter.not), weight: 1 },
    { arbitrary: fc.tuple(list, list).map(([a, b]) => Filter.or([a, b])), weight: 1 },
  )
  return fc.tuple(fc.constant(table), fc.array(filter, { minLength: 1, maxLength: 4 }))
})

/**
 * A list of `n` values the first key column accepts, the rows' own keys first, then short fillers (so the text
 * stays under `$filter`'s 8192 characters; a date list, whose values are long, holds at most 500).
 */
function longList(table: FixtureTable, n: number): FilterNode {
  const key = table.columns[0]!
  const count = key.type === 'date' ? Math.min(n, 500) : n
  const own = table.rows.map((r) => r[key.name]).filter((v) => v !== null && v !== undefined)
  const literal = (v: unknown) =>
    key.type === 'text'
      ? Filter.literal(String(v), 'string')
      : key.type === 'date'
        ? Filter.literal(String(v), 'date')
        : Filter.literal(String(v), 'number')
  const filler = Array.from({ length: count }, (_, i) =>
    key.type === 'text'
      ? i.toString(36)
      : key.type === 'date'
        ? `19${String(i % 100).padStart(2, '0')}-01-${String((i % 28) + 1).padStart(2, '0')}`
        : String(1000 + i),
  )
  return Filter.in(key.name, [...own, ...filler].slice(0, count).map(literal))
}

/** An `in` list of `n` short values (text for text columns, else numbers: a list over the limit is refused before its values are read). */
function overLimit(column: FixtureColumn, n: number): FilterNode {
  const literal = (i: number) =>
    column.type === 'text' ? Filter.literal((i % 36).toString(36), 'string') : Filter.literal(String(i % 10), 'number')
  return Filter.in(
    column.name,
    Array.from({ length: n }, (_, i) => literal(i)),
  )
}

function sortedTexts(table: FixtureTable, rows: readonly Record<string, unknown>[]): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row))).sort()
}

export const inListScenarios: readonly Scenario[] = [
  {
    key: 'filter.in-list-oracle',
    title:
      "'in' lists (text, numbers, dates, booleans; up to the limit) keep exactly the oracle's rows; longer lists are a 400",
    description:
      "`in` lists of every column type (duplicates, quotes, dates, booleans, negated, or-ed) and a list of 1,000 values keep exactly the oracle's rows; 1,001 values in one list, or two lists of 501, give a 400 envelope naming the limit.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithLists, async ([table, filters]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            for (const filter of [...filters, longList(table, MAX_IN_VALUES)]) {
              const url = buildRestQuery(table.name, { filter, first: -1 })
              expect(
                sortedTexts(table, readRecords(await server.get(url), url)),
                `$filter=${printFilterExpression(filter, { mode: 'filter' }).slice(0, 200)}`,
              ).toEqual(sortedTexts(table, filterRows(table, filter)))
            }
            // One list over the limit, and two lists over it together: each a 400 envelope, never a database error.
            const half = Math.ceil((MAX_IN_VALUES + 1) / 2)
            const column = table.columns.find(
              (c) => c.type === 'int' || c.type === 'bigint' || c.type === 'decimal' || c.type === 'text',
            )
            const overLimits = [overLimit(column ?? table.columns[0]!, MAX_IN_VALUES + 1)]
            // Together over the limit: two lists the column's type accepts, so only their count is wrong.
            if (column !== undefined) overLimits.push(Filter.or([overLimit(column, half), overLimit(column, half)]))
            for (const filter of overLimits) {
              const url = buildRestQuery(table.name, { filter })
              const error = expectErrorEnvelope(await server.get(url), url.slice(0, 200))
              expect(error.message).toMatch(/at most 1000 values/)
            }
          })
        }),
        10,
      )
    },
  },
]
