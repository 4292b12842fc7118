import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import { printFilterExpression } from '@sluice/core/protocol'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createTableFilterArbitrary } from '../arbitraries/table-filter-arbitrary.js'
import type { FixtureTable } from '../fixture.js'
import { postGraphQL, readConnection } from '../graphql/graphql-read.js'
import { toGraphQLSafeTable } from '../graphql/graphql-safe-table.js'
import { toGraphQLFilter } from '../graphql/to-graphql-filter.js'
import { filterRows } from '../oracle/filter-rows.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import type { Scenario } from '../scenario.js'

/** GraphQL type `count_row`, list field `count_rows`. */
const ENTITY = 'count_row'
const ROLE = 'reader'

/**
 * A random table, filters over it, a row policy for the role `reader` (over any column) and page sizes: the count
 * must be the oracle's whatever the page, for the anonymous role (no policy) and for `reader` (filter and policy).
 */
const cases = createFixtureTableArbitrary({ name: ENTITY, maxRows: 25 })
  .map(toGraphQLSafeTable)
  .chain((table) =>
    fc.record({
      table: fc.constant(table),
      filters: fc.array(fc.option(createTableFilterArbitrary(table), { nil: undefined, freq: 4 }), {
        minLength: 1,
        maxLength: 4,
      }),
      policy: createTableFilterArbitrary(table, { maxDepth: 2 }),
      first: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
    }),
  )

interface CountedPage {
  readonly count: unknown
  readonly value: unknown[]
  readonly nextLink?: string
}

async function restPage(
  server: Parameters<Parameters<Parameters<Scenario['run']>[0]['withServer']>[1]>[0],
  url: string,
  role: string | undefined,
): Promise<CountedPage> {
  const reply = await server.send({
    method: 'GET',
    url,
    ...(role === undefined ? {} : { headers: { 'x-ms-api-role': role } }),
  })
  expect(reply.status, `GET ${url} (role ${role ?? 'anonymous'}) → ${reply.text}`).toBe(200)
  return reply.json as CountedPage
}

export const countScenarios: readonly Scenario[] = [
  {
    key: 'count.oracle',
    title:
      "$count=true and GraphQL totalCount equal the oracle's count of rows matching the filter and the row policy, on every page",
    description:
      "For a random table, random filters (or none), a random row policy for the role `reader` and random page sizes: `$count=true` is the oracle's count of rows matching the filter (and, for `reader`, the policy) on the first page and after following `nextLink`; GraphQL's `totalCount` agrees wherever GraphQL filters can say the filter.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(cases, async ({ table, filters, policy, first }) => {
          const permissions = {
            [table.name]: [
              { role: 'anonymous', actions: ['read'] },
              {
                role: ROLE,
                actions: [{ action: 'read', policy: { database: printFilterExpression(policy, { mode: 'policy' }) } }],
              },
            ],
          }
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              for (const filter of filters) {
                for (const role of [undefined, ROLE]) {
                  const admitted =
                    role === undefined ? filter : filter === undefined ? policy : Filter.and([policy, filter])
                  const expected = filterRows(table, admitted).length
                  const base = buildRestQuery(table.name, { filter, first })
                  const url = `${base}${base.includes('?') ? '&' : '?'}$count=true`
                  const page = await restPage(server, url, role)
                  expect(page.count, `GET ${url} (role ${role ?? 'anonymous'}): count`).toBe(expected)
                  expect(page.value.length).toBe(Math.min(expected, first ?? 100))
                  // The count stays the same on the next page.
                  if (page.nextLink !== undefined) {
                    const next = new URL(page.nextLink)
                    expect(
                      (await restPage(server, next.pathname + next.search, role)).count,
                      `${page.nextLink}: count`,
                    ).toBe(expected)
                  }
                  await expectGraphQLCount(server, table, filter, role, expected)
                }
              }
            },
            { permissions, graphql: true },
          )
        }),
        15,
      )
    },
  },
]

/** The same count through GraphQL's `totalCount`, when GraphQL filters can say the filter. */
async function expectGraphQLCount(
  server: Parameters<typeof postGraphQL>[0],
  table: FixtureTable,
  filter: FilterNode | undefined,
  role: string | undefined,
  expected: number,
): Promise<void> {
  const input = filter === undefined ? undefined : toGraphQLFilter(filter, table)
  if (filter !== undefined && input === undefined) return
  const query = `query($f: ${ENTITY}FilterInput) { ${ENTITY}s(filter: $f, first: 1) { totalCount items { ${table.primaryKey[0]} } } }`
  const page = readConnection(
    await postGraphQL(server, query, { f: input ?? null }, role),
    `${ENTITY}s`,
    `${query} ${JSON.stringify(input)}`,
  ) as unknown as { totalCount: number }
  expect(page.totalCount, `GraphQL totalCount, filter ${JSON.stringify(input)}, role ${role ?? 'anonymous'}`).toBe(
    expected,
  )
}
