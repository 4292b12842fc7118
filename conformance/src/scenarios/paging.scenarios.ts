import * as fc from 'fast-check'
import { expect } from 'vitest'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createOrderByArbitrary } from '../arbitraries/order-by-arbitrary.js'
import { pageSizeArbitrary } from '../arbitraries/page-size-arbitrary.js'
import { createTableFilterArbitrary } from '../arbitraries/table-filter-arbitrary.js'
import { projectFixtureView, type FixtureRow, type FixtureTable, type FixtureView } from '../fixture.js'
import { filterRows } from '../oracle/filter-rows.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { paginateRows } from '../oracle/paginate-rows.js'
import { sortRows } from '../oracle/sort-rows.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { readRecords } from '../rest/read-records.js'
import { pathAndQuery, walkPages } from '../rest/walk-pages.js'
import type { Scenario } from '../scenario.js'

const DEFAULT_PAGE_SIZE = 100

/** A random table and a few walks over it: ordering, page size (or the default) and sometimes a filter. */
const tableWithWalks = createFixtureTableArbitrary({ name: 'paging_rows', maxRows: 25 }).chain((table) =>
  fc.tuple(
    fc.constant(table),
    fc.array(
      fc.record({
        orderBy: createOrderByArbitrary(table),
        pageSize: pageSizeArbitrary,
        filter: fc.option(createTableFilterArbitrary(table, { maxDepth: 2 }), { nil: undefined, freq: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  ),
)

/** A random table with more rows than the default page size, and an ordering. */
const largeTableWithOrder = createFixtureTableArbitrary({
  name: 'paging_many',
  minRows: DEFAULT_PAGE_SIZE + 1,
  maxRows: 180,
  maxOtherColumns: 3,
}).chain((table) => fc.tuple(fc.constant(table), createOrderByArbitrary(table, { maxTerms: 2 })))

/**
 * A random table, a keyless view over some of its columns (without the whole key, so rows may repeat), and walks
 * over the view: ordering over its columns and page size.
 */
const tableWithKeylessView = createFixtureTableArbitrary({
  name: 'paging_base',
  maxRows: 25,
  maxOtherColumns: 3,
}).chain((table) => {
  const others = table.columns.map((c) => c.name).filter((name) => !table.primaryKey.includes(name))
  const candidates = others.length > 0 ? others : table.columns.map((c) => c.name)
  return fc.shuffledSubarray(candidates, { minLength: 1 }).chain((columns) => {
    const view: FixtureView = { name: 'paging_view', table: table.name, columns }
    const oracle = projectFixtureView(view, [table])
    return fc.tuple(
      fc.constant(table),
      fc.constant(view),
      fc.constant(oracle),
      fc.array(fc.record({ orderBy: createOrderByArbitrary(oracle), pageSize: pageSizeArbitrary }), {
        minLength: 1,
        maxLength: 3,
      }),
    )
  })
})

/**
 * How a valid cursor is damaged: one character changed (never the last, whose low bits may be unused), cut short,
 * or extended by whole base64 groups or by characters base64url does not use.
 */
const tampering = fc.oneof(
  fc.tuple(fc.constant('change' as const), fc.nat(), fc.constantFrom(...'AQgw-_9z')),
  fc.tuple(fc.constant('truncate' as const), fc.nat(), fc.constant('')),
  fc.tuple(fc.constant('append' as const), fc.nat(), fc.constantFrom('AAAA', '=', '.', '%2F')),
)

/** Paging: keyset cursors visit every row once, in order; `$first` sizes pages; cursors are tamper-evident. */
export const pagingScenarios: readonly Scenario[] = [
  {
    key: 'paging.cursor-walk',
    title:
      'following nextLink from any page size and $orderby visits every row exactly once, in the oracle order and pages',
    description:
      "Following `nextLink` with any page size (1 to 7, or the default) and any `$orderby` (random fields, directions and nullable columns, sometimes with a filter) visits every row exactly once. Rows arrive in the oracle's order and the pages have the oracle's sizes.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithWalks, async ([table, walks]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            for (const { orderBy, pageSize, filter } of walks) {
              const url = buildRestQuery(table.name, { filter, orderBy, first: pageSize })
              const pages = await walkPages(server, url, table.rows.length + 2)
              const expected = paginateRows(
                sortRows(table, filterRows(table, filter), orderBy),
                pageSize ?? DEFAULT_PAGE_SIZE,
              )
              expect(
                pages.map((p) => texts(table, p.value)),
                `walking from GET ${url}`,
              ).toEqual(expected.map((page) => texts(table, page)))
            }
          })
        }),
        50,
      )
    },
  },
  {
    key: 'paging.first-minus-one',
    title: '$first=-1 returns every row (more than the default page size) in the oracle order, without nextLink',
    description: '`$first=-1` returns every row of a table with more than 100 rows, in order, with no `nextLink`.',
    async run(harness) {
      await harness.check(
        fc.asyncProperty(largeTableWithOrder, async ([table, orderBy]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            const url = buildRestQuery(table.name, { orderBy, first: -1 })
            const reply = await server.get(url)
            expect(texts(table, readRecords(reply, url)), `GET ${url}`).toEqual(
              texts(table, sortRows(table, table.rows, orderBy)),
            )
            expect((reply.json as { nextLink?: unknown }).nextLink, `GET ${url}: nextLink`).toBeUndefined()
          })
        }),
        5,
      )
    },
  },
  {
    key: 'paging.default-page-size',
    title: 'without $first pages hold 100 rows, also after $after, and the walk visits every row once in order',
    description: 'Without `$first`, pages hold 100 rows, and so do pages after `$after`.',
    async run(harness) {
      await harness.check(
        fc.asyncProperty(largeTableWithOrder, async ([table, orderBy]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            const url = buildRestQuery(table.name, { orderBy })
            const pages = await walkPages(server, url, table.rows.length + 2)
            const expected = paginateRows(sortRows(table, table.rows, orderBy), DEFAULT_PAGE_SIZE)
            expect(
              pages.map((p) => p.value.length),
              `walking from GET ${url}: page sizes`,
            ).toEqual(expected.map((page) => page.length))
            expect(
              pages.map((p) => texts(table, p.value)),
              `walking from GET ${url}`,
            ).toEqual(expected.map((page) => texts(table, page)))
          })
        }),
        5,
      )
    },
  },
  {
    key: 'paging.keyless-view-walk',
    title:
      'a view without key fields pages by position: nextLink visits every row once (duplicates included) in the oracle order; a by-key read is 400',
    description:
      'A view without key fields over some columns of a random table (duplicate rows included) pages by position: following `nextLink` with any page size and `$orderby` visits every row exactly once, in the oracle order (its `$orderby`, then every column ascending); a by-key GET is 400.',
    async run(harness) {
      await harness.check(
        fc.asyncProperty(tableWithKeylessView, async ([table, view, oracle, walks]) => {
          await harness.withServer({ tables: [table], views: [view] }, async (server) => {
            for (const { orderBy, pageSize } of walks) {
              const url = buildRestQuery(view.name, { orderBy, first: pageSize })
              const pages = await walkPages(server, url, oracle.rows.length + 2)
              const expected = paginateRows(sortRows(oracle, oracle.rows, orderBy), pageSize ?? DEFAULT_PAGE_SIZE)
              expect(
                pages.map((p) => texts(oracle, p.value)),
                `walking from GET ${url}`,
              ).toEqual(expected.map((page) => texts(oracle, page)))
            }
            const byKey = `/api/${view.name}/${encodeURIComponent(view.columns[0]!)}/1`
            expect(expectErrorEnvelope(await server.get(byKey), byKey).status, `GET ${byKey}`).toBe(400)
          })
        }),
        30,
      )
    },
  },
  {
    key: 'paging.tampered-after',
    title: 'a tampered $after cursor gives 400 in the error envelope',
    description: 'A changed, cut short or extended `$after` cursor gives 400.',
    async run(harness) {
      const input = createFixtureTableArbitrary({ name: 'paging_cursor', minRows: 2, maxRows: 8 }).chain((table) =>
        fc.tuple(
          fc.constant(table),
          createOrderByArbitrary(table),
          fc.array(tampering, { minLength: 1, maxLength: 4 }),
        ),
      )
      await harness.check(
        fc.asyncProperty(input, async ([table, orderBy, tamperings]) => {
          await harness.withServer({ tables: [table] }, async (server) => {
            const url = buildRestQuery(table.name, { orderBy, first: 1 })
            const reply = await server.get(url)
            readRecords(reply, url)
            const link = (reply.json as { nextLink?: unknown }).nextLink
            expect(link, `GET ${url}: a page of 1 of ${table.rows.length} rows has a nextLink`).toBeTypeOf('string')
            const cursor = new URL(link as string).searchParams.get('$after')!
            for (const [kind, at, text] of tamperings) {
              const request = pathAndQuery(link as string).replace(
                /\$after=[^&]*/,
                `$after=${tamper(cursor, kind, at, text)}`,
              )
              const error = expectErrorEnvelope(await server.get(request), request)
              expect(error.status, `GET ${request}`).toBe(400)
            }
          })
        }),
        20,
      )
    },
  },
]

function tamper(cursor: string, kind: 'change' | 'truncate' | 'append', at: number, text: string): string {
  switch (kind) {
    case 'change': {
      const i = at % Math.max(1, cursor.length - 1)
      const replacement = cursor[i] === text ? (text === 'A' ? 'B' : 'A') : text
      return cursor.slice(0, i) + replacement + cursor.slice(i + 1)
    }
    case 'truncate':
      return cursor.slice(0, at % cursor.length)
    case 'append':
      return cursor + text
  }
}

function texts(table: FixtureTable, rows: readonly (FixtureRow | Record<string, unknown>)[]): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row)))
}
