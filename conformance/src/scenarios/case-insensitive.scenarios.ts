import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import {
  printFilterExpression,
  type CaseFold,
  type ComparisonOperator,
  type FilterOperand,
  type StringMatchMode,
} from '@sluice/core/protocol'
import { createFilterNodeArbitrary } from '../arbitraries/filter-node-arbitrary.js'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import type { FixtureServer } from '../fixture-server.js'
import { postGraphQL, readConnection } from '../graphql/graphql-read.js'
import { toGraphQLFilter } from '../graphql/to-graphql-filter.js'
import { filterRows } from '../oracle/filter-rows.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/**
 * Letters every engine folds one to one and alike (JavaScript, PostgreSQL's UTF-8 locales, MySQL's and SQL Server's
 * Unicode tables): ASCII and Latin-1 letters, Cyrillic, and `x` whose case partner never appears. No `ß`, `İ`,
 * final sigma or title-case letters, whose folding differs between engines (docs/decisions.md).
 */
const ALPHABET = ['a', 'A', 'b', 'B', 'é', 'É', 'ü', 'Ü', 'ñ', 'Ø', 'ø', 'д', 'Д', 'x'] as const
const text = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 3 })

/** `name` has a binary collation, `label` a case-insensitive one: neither may change what a folded comparison means. */
const TEXT_FIELDS = ['name', 'label'] as const
const TABLE: Omit<FixtureTable, 'rows'> = {
  name: 'ci_row',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'name', type: 'text', nullable: true },
    { name: 'label', type: 'text', nullable: true, collation: 'caseInsensitive' },
  ],
  primaryKey: ['id'],
}

const rowsArbitrary: fc.Arbitrary<FixtureTable> = fc
  .array(fc.record({ name: fc.option(text, { nil: null, freq: 6 }), label: fc.option(text, { nil: null, freq: 6 }) }), {
    maxLength: 24,
  })
  .map((rows) => ({ ...TABLE, rows: rows.map((r, i): FixtureRow => ({ id: i + 1, name: r.name, label: r.label })) }))

const fold = fc.constantFrom<CaseFold>('lower', 'upper')
const maybeFold = fc.option(fold, { nil: undefined })
const field = fc.constantFrom(...TEXT_FIELDS)
const folded = (how: CaseFold | undefined, operand: Exclude<FilterOperand, { kind: 'caseFold' }>): FilterOperand =>
  how === undefined ? operand : Filter.caseFold(how, operand)

/**
 * Leaves whose answer is fixed by the folds alone: at least one side folded (an unfolded `label` on its own would be
 * compared under its case-insensitive collation, which the oracle does not model). Comparisons of every operator
 * with a literal or the other field, string matches (possibly negated) and `in` lists over a folded field.
 */
const leafArbitrary: fc.Arbitrary<FilterNode> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom<ComparisonOperator>('eq', 'ne', 'gt', 'ge', 'lt', 'le'),
      field,
      fold,
      fc.oneof(
        fc.tuple(text, maybeFold).map(([value, how]) => folded(how, Filter.literal(value, 'string'))),
        fc.tuple(field, maybeFold).map(([name, how]) => folded(how, Filter.field(name))),
      ),
      fc.boolean(),
    )
    .map(([op, name, how, other, flip]) => {
      const left = Filter.caseFold(how, Filter.field(name))
      return flip ? Filter.comparison(op, other, left) : Filter.comparison(op, left, other)
    }),
  fc
    .tuple(
      fc.constantFrom<StringMatchMode>('contains', 'startsWith', 'endsWith'),
      field,
      text,
      maybeFold,
      maybeFold,
      fc.boolean(),
    )
    .filter(([, , , fieldFold, valueFold]) => fieldFold !== undefined || valueFold !== undefined)
    .map(([mode, name, value, fieldFold, valueFold, negated]) =>
      Filter.stringMatch(mode, name, Filter.literal(value, 'string'), negated, { fieldFold, valueFold }),
    ),
  fc.tuple(field, fold, fc.array(text, { minLength: 1, maxLength: 4 })).map(([name, how, values]) =>
    Filter.in(
      name,
      values.map((v) => Filter.literal(v, 'string')),
      { fieldFold: how },
    ),
  ),
)
const filterArbitrary = createFilterNodeArbitrary({ leaves: leafArbitrary, maxDepth: 2 })

/** GraphQL's `caseInsensitive: true` on a String field: eq, neq, contains, notContains, startsWith, endsWith and in. */
const graphqlLeafArbitrary: fc.Arbitrary<FilterNode> = fc.oneof(
  fc
    .tuple(fc.constantFrom<ComparisonOperator>('eq', 'ne'), field, text)
    .map(([op, name, value]) =>
      Filter.comparison(
        op,
        Filter.caseFold('lower', Filter.field(name)),
        Filter.caseFold('lower', Filter.literal(value, 'string')),
      ),
    ),
  fc
    .tuple(fc.constantFrom<StringMatchMode>('contains', 'startsWith', 'endsWith'), field, text)
    .map(([mode, name, value]) =>
      Filter.stringMatch(mode, name, Filter.literal(value, 'string'), false, {
        fieldFold: 'lower',
        valueFold: 'lower',
      }),
    ),
  fc.tuple(field, text).map(([name, value]) =>
    Filter.stringMatch('contains', name, Filter.literal(value, 'string'), true, {
      fieldFold: 'lower',
      valueFold: 'lower',
    }),
  ),
  fc.tuple(field, fc.array(text, { minLength: 1, maxLength: 3 })).map(([name, values]) =>
    Filter.in(
      name,
      values.map((v) => Filter.literal(v, 'string')),
      { fieldFold: 'lower', valueFold: 'lower' },
    ),
  ),
)

/** GraphQL filter inputs have `and`/`or` lists but no `not`. */
const graphqlFilterArbitrary: fc.Arbitrary<FilterNode> = fc.oneof(
  graphqlLeafArbitrary,
  fc.array(graphqlLeafArbitrary, { minLength: 2, maxLength: 3 }).map(Filter.and),
  fc.array(graphqlLeafArbitrary, { minLength: 2, maxLength: 3 }).map(Filter.or),
)

/** The ids a REST `$filter` returns (every row: `$first=-1`), in id order. */
async function restIds(server: FixtureServer, filter: FilterNode, role?: string): Promise<unknown[]> {
  const url = buildRestQuery(TABLE.name, { filter, first: -1, select: ['id'], orderBy: [{ field: 'id' }] })
  const reply = await server.send({
    method: 'GET',
    url,
    ...(role === undefined ? {} : { headers: { 'x-ms-api-role': role } }),
  })
  return readRecords(reply, url).map((r) => r['id'])
}

function oracleIds(table: FixtureTable, filter: FilterNode): unknown[] {
  return filterRows(table, filter).map((r) => r['id'])
}

/** Roles of the policy check: lower-case ASCII (claims carry the role as the header gave it, lower-cased). */
const ROLES = ['ab', 'ba', 'b'] as const

export const caseInsensitiveScenarios: readonly Scenario[] = [
  {
    key: 'filter.case-insensitive-oracle',
    title:
      "tolower()/toupper() in $filter and in a policy, and GraphQL caseInsensitive, keep exactly the oracle's rows whatever the column collation",
    description:
      "`tolower()`/`toupper()` on either side of every comparison operator, in `contains`/`startswith`/`endswith` (field, value or both folded, possibly negated) and in `in` lists, over mixed-case text (ASCII, Latin-1 and Cyrillic letters) in a binary-collated and a case-insensitively collated column, keep exactly the oracle's rows; so does a row policy folding `@item` and `@claims` under a role, on top of the caller's filter; GraphQL `caseInsensitive: true` filters (`eq`, `neq`, `in`, `contains`, `notContains`, `startsWith`, `endsWith`, `and`/`or`) give the same rows.",
    async run(harness) {
      const cases = fc.record({
        table: rowsArbitrary,
        filters: fc.array(filterArbitrary, { minLength: 1, maxLength: 5 }),
        graphql: fc.array(graphqlFilterArbitrary, { minLength: 1, maxLength: 3 }),
        role: fc.constantFrom(...ROLES),
        policyFold: fold,
      })
      await harness.check(
        fc.asyncProperty(cases, async ({ table, filters, graphql, role, policyFold }) => {
          // The role reads the rows whose name equals its own name in any case (and whose label contains it, folded).
          const fn = policyFold === 'lower' ? 'tolower' : 'toupper'
          const policyText = `${fn}(@item.name) eq ${fn}(@claims.roles) or contains(${fn}(@item.label), ${fn}(@claims.roles))`
          const policy = Filter.or([
            Filter.comparison(
              'eq',
              Filter.caseFold(policyFold, Filter.field('name')),
              Filter.caseFold(policyFold, Filter.literal(role, 'string')),
            ),
            Filter.stringMatch('contains', 'label', Filter.literal(role, 'string'), false, {
              fieldFold: policyFold,
              valueFold: policyFold,
            }),
          ])
          const permissions = {
            [TABLE.name]: [
              { role: 'anonymous', actions: ['read'] },
              ...ROLES.map((r) => ({ role: r, actions: [{ action: 'read', policy: { database: policyText } }] })),
            ],
          }
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              for (const filter of filters) {
                expect(
                  await restIds(server, filter),
                  `$filter=${printFilterExpression(filter, { mode: 'filter' })}`,
                ).toEqual(oracleIds(table, filter))
              }
              // The policy applies under the role, on top of the caller's filter.
              const withPolicy = Filter.and([policy, filters[0]!])
              expect(
                await restIds(server, filters[0]!, role),
                `role ${role}, policy ${policyText}, $filter=${printFilterExpression(filters[0]!, { mode: 'filter' })}`,
              ).toEqual(oracleIds(table, withPolicy))
              for (const filter of graphql) {
                const input = toGraphQLFilter(filter, table)
                expect(input, 'every generated GraphQL filter has an input').toBeDefined()
                const query = `query($f: ${TABLE.name}FilterInput) { ${TABLE.name}s(filter: $f, first: -1, orderBy: { id: ASC }) { items { id } } }`
                const page = readConnection(
                  await postGraphQL(server, query, { f: input }),
                  `${TABLE.name}s`,
                  `${query} ${JSON.stringify(input)}`,
                )
                expect(
                  page.items.map((r) => r['id']),
                  `GraphQL filter ${JSON.stringify(input)}`,
                ).toEqual(oracleIds(table, filter))
              }
            },
            { permissions, graphql: true },
          )
        }),
        12,
      )
    },
  },
]
