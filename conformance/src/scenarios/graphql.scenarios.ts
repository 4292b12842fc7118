import * as fc from 'fast-check'
import { expect } from 'vitest'
import type { FilterNode } from '@sluice/core'
import { operandField, printFilterExpression } from '@sluice/core/protocol'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createOrderByArbitrary } from '../arbitraries/order-by-arbitrary.js'
import { createTableFilterArbitrary } from '../arbitraries/table-filter-arbitrary.js'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import type { FixtureServer } from '../fixture-server.js'
import { toGraphQLSafeTable } from '../graphql/graphql-safe-table.js'
import { postGraphQL, readConnection, readErrors } from '../graphql/graphql-read.js'
import { toGraphQLFilter } from '../graphql/to-graphql-filter.js'
import { filterRows } from '../oracle/filter-rows.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { readRecords } from '../rest/read-records.js'
import { walkPages } from '../rest/walk-pages.js'
import type { Scenario } from '../scenario.js'

/** Entity `gql_item`: GraphQL type `gql_item`, list field `gql_items`, filter input `gql_itemFilterInput`. */
const ENTITY = 'gql_item'
const LIST = 'gql_items'

const safeTable = (options: { maxRows: number; maxOtherColumns?: number }) =>
  createFixtureTableArbitrary({ name: ENTITY, ...options }).map(toGraphQLSafeTable)

/** Filters GraphQL can express, each with its `{T}FilterInput` value. */
const graphqlFilters = (table: FixtureTable) =>
  fc.array(
    createTableFilterArbitrary(table)
      .map((filter) => ({ filter, input: toGraphQLFilter(filter, table) }))
      .filter((f): f is { filter: FilterNode; input: Record<string, unknown> } => f.input !== undefined),
    { minLength: 1, maxLength: 5 },
  )

function listQuery(table: FixtureTable, fields: readonly string[] = table.columns.map((c) => c.name)): string {
  return `query($f: ${ENTITY}FilterInput, $o: ${ENTITY}OrderByInput, $first: Int, $after: String) {
    ${LIST}(filter: $f, orderBy: $o, first: $first, after: $after) { items { ${fields.join(' ')} } hasNextPage endCursor } }`
}

/** Rows as normalized JSON texts in a fixed order: equal arrays = equal multisets. */
function sortedTexts(
  table: FixtureTable,
  rows: readonly (FixtureRow | Record<string, unknown>)[],
  fields?: readonly string[],
): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row, fields))).sort()
}

function texts(table: FixtureTable, rows: readonly Record<string, unknown>[], fields?: readonly string[]): string[] {
  return rows.map((row) => JSON.stringify(normalizeRow(table, row, fields)))
}

/** Every page of a GraphQL list, following `endCursor`. */
async function walkGraphQL(
  server: FixtureServer,
  table: FixtureTable,
  variables: Record<string, unknown>,
  fields?: readonly string[],
): Promise<GraphQLPages> {
  const pages: Array<readonly Record<string, unknown>[]> = []
  let after: string | null = null
  for (let i = 0; i < 200; i++) {
    const query = listQuery(table, fields)
    const page = readConnection(
      await postGraphQL(server, query, { ...variables, after }),
      LIST,
      `${query} ${JSON.stringify(variables)}`,
    )
    pages.push(page.items)
    if (!page.hasNextPage) {
      expect(page.endCursor, 'endCursor on the last page').toBeNull()
      return pages
    }
    after = page.endCursor
  }
  throw new Error('a GraphQL cursor walk did not end after 200 pages')
}
type GraphQLPages = Array<readonly Record<string, unknown>[]>

/** GraphQL reads: the same rows as the oracle and as REST for the same request, field and row access included. */
export const graphqlScenarios: readonly Scenario[] = [
  {
    key: 'graphql.filter-oracle',
    title:
      'a random GraphQL filter returns exactly the rows the oracle keeps, and the rows REST returns for the same $filter',
    description:
      "A random filter GraphQL can express (the entity's `FilterInput`) returns exactly the rows the oracle keeps, as a multiset, and the same rows REST returns for the equivalent `$filter`.",
    async run(harness) {
      const tableWithFilters = safeTable({ maxRows: 25 }).chain((table) =>
        fc.tuple(fc.constant(table), graphqlFilters(table)),
      )
      await harness.check(
        fc.asyncProperty(tableWithFilters, async ([table, filters]) => {
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              for (const { filter, input } of filters) {
                const reply = await postGraphQL(server, listQuery(table), { f: input, first: -1 })
                const items = readConnection(reply, LIST, `filter ${JSON.stringify(input)}`).items
                expect(sortedTexts(table, items), `GraphQL filter ${JSON.stringify(input)}`).toEqual(
                  sortedTexts(table, filterRows(table, filter)),
                )
                const url = buildRestQuery(table.name, { filter, first: -1 })
                expect(texts(table, items), `GraphQL ${JSON.stringify(input)} vs GET ${url}`).toEqual(
                  texts(table, readRecords(await server.get(url), url)),
                )
              }
            },
            { graphql: true },
          )
        }),
        20,
      )
    },
  },
  {
    key: 'graphql.rest-equivalent-reads',
    title:
      'a random read (filter, orderBy, page size, selection) walks the same pages through GraphQL cursors as through REST nextLinks',
    description:
      "A random read (filter, `orderBy`, page size and field selection) walks the same pages through GraphQL's `endCursor` as through REST's `nextLink`: the same rows, in the same order, page by page.",
    async run(harness) {
      const readCase = safeTable({ maxRows: 20 }).chain((table) =>
        fc.tuple(
          fc.constant(table),
          fc.option(
            graphqlFilters(table).map((f) => f[0]!),
            { nil: undefined },
          ),
          createOrderByArbitrary(table, { maxTerms: 2 }),
          fc.integer({ min: 1, max: 7 }),
          fc.shuffledSubarray(
            table.columns.map((c) => c.name),
            { minLength: 1 },
          ),
        ),
      )
      await harness.check(
        fc.asyncProperty(readCase, async ([table, filter, orderBy, first, select]) => {
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              const url = buildRestQuery(table.name, { filter: filter?.filter, orderBy, first, select })
              const rest = await walkPages(server, url, 200)
              const o = Object.fromEntries(orderBy.map((t) => [t.field, t.direction === 'desc' ? 'DESC' : 'ASC']))
              const graphql = await walkGraphQL(
                server,
                table,
                { f: filter?.input ?? null, o: orderBy.length === 0 ? null : o, first },
                select,
              )
              expect(
                graphql.map((page) => texts(table, page, select)),
                `GraphQL pages vs GET ${url}`,
              ).toEqual(rest.map((page) => texts(table, page.value, select)))
            },
            { graphql: true },
          )
        }),
        15,
      )
    },
  },
  {
    key: 'graphql.field-and-row-access',
    title:
      'under a read permission with excluded fields and a row policy, GraphQL returns what REST returns and refuses the same fields',
    description:
      'Under a read permission with excluded fields and a row policy, GraphQL returns the rows and fields REST returns, and refuses the same excluded fields.',
    async run(harness) {
      const accessCase = safeTable({ maxRows: 12, maxOtherColumns: 4 }).chain((table) => {
        const names = table.columns.map((c) => c.name)
        return fc
          .tuple(fc.constant(table), fc.shuffledSubarray(names, { maxLength: Math.max(0, names.length - 1) }))
          .chain(([t, excluded]) => {
            const visible: FixtureTable = { ...t, columns: t.columns.filter((c) => !excluded.includes(c.name)) }
            return fc.tuple(
              fc.constant(t),
              fc.constant(excluded),
              fc.option(createTableFilterArbitrary(visible, { maxDepth: 2 }), { nil: undefined }),
              fc.array(fc.shuffledSubarray(names, { minLength: 1 }), { minLength: 1, maxLength: 4 }),
              fc.option(
                graphqlFilters(t).map((f) => f[0]!),
                { nil: undefined },
              ),
            )
          })
      })
      await harness.check(
        fc.asyncProperty(accessCase, async ([table, excluded, policy, selections, filter]) => {
          const read: Record<string, unknown> = { action: 'read', fields: { include: ['*'], exclude: [...excluded] } }
          if (policy !== undefined) read['policy'] = { database: printFilterExpression(policy, { mode: 'policy' }) }
          // `auditor` reads everything, so every field is in the (one, all-roles) schema and core refuses the
          // anonymous caller's forbidden references, as it does for REST.
          const permissions = {
            [table.name]: [
              { role: 'anonymous', actions: [read] },
              { role: 'auditor', actions: ['read'] },
            ],
          }
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              for (const select of selections) {
                const url = buildRestQuery(table.name, { select, first: -1, filter: filter?.filter })
                const rest = await server.get(url)
                const reply = await postGraphQL(server, listQuery(table, select), {
                  first: -1,
                  f: filter?.input ?? null,
                })
                const forbidden = [...select, ...(filter === undefined ? [] : collectNames(filter.filter))].some(
                  (name) => excluded.includes(name),
                )
                if (forbidden) {
                  expect(rest.status, `GET ${url}`).toBe(400)
                  const errors = readErrors(reply)
                  expect(errors.length, `GraphQL ${select.join(',')}: ${reply.text}`).toBe(1)
                  // Data API builder's code for a field the role may not name; Sluice's own beside it.
                  expect(errors[0]!.extensions?.code, reply.text).toBe('AuthorizationCheckFailed')
                  expect(errors[0]!.extensions?.sluiceCode, reply.text).toBe('SLUICE_ERR_INVALID_FIELD')
                  expect(errors[0]!.message, reply.text).toBe(
                    (rest.json as { error: { message: string } }).error.message.replace(/\$select|\$filter/, (m) =>
                      m === '$select' ? 'selection' : 'filter',
                    ),
                  )
                } else {
                  const items = readConnection(reply, LIST, `GraphQL ${select.join(',')}`).items
                  expect(texts(table, items, select), `GraphQL vs GET ${url}`).toEqual(
                    texts(table, readRecords(rest, url), select),
                  )
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

function collectNames(node: FilterNode): string[] {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.items.flatMap(collectNames)
    case 'not':
      return collectNames(node.item)
    case 'comparison':
      return [node.left, node.right].flatMap((o) => {
        const name = operandField(o)
        return name === undefined ? [] : [name]
      })
    case 'stringMatch':
    case 'in':
    case 'isNull':
      return [node.field]
    default:
      return []
  }
}
