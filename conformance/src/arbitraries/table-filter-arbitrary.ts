import * as fc from 'fast-check'
import { Filter, type FilterNode } from '@sluice/core'
import type { ComparisonOperator, StringMatchMode } from '@sluice/core/protocol'
import type { FixtureColumn, FixtureTable } from '../fixture.js'
import { categoryOf } from '../oracle/comparable-value.js'
import { textArbitrary } from './column-value-arbitrary.js'
import { createColumnLiteralArbitrary } from './column-literal-arbitrary.js'
import { createFilterNodeArbitrary } from './filter-node-arbitrary.js'

const OPERATORS: readonly ComparisonOperator[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le']

/**
 * Valid `$filter` trees over a table's columns: every leaf fits its column's type, so Sluice must answer 200 and
 * the oracle can evaluate it. Leaves: a column against a literal (either side), a column against `null`
 * (`eq`/`ne`), two columns of one category (possibly the same column), `in` lists, `contains`/`startswith`/
 * `endswith` (possibly negated) on text, `isNull`, `true`/`false`; combined with `and`, `or`, `not`.
 */
export function createTableFilterArbitrary(
  table: FixtureTable,
  options: { readonly maxDepth?: number } = {},
): fc.Arbitrary<FilterNode> {
  const column = fc.constantFrom(...table.columns)
  const operator = fc.constantFrom(...OPERATORS)
  const flip = fc.boolean()

  const withLiteral = column.chain((c) =>
    fc
      .tuple(operator, createColumnLiteralArbitrary(c.type), flip)
      .map(([op, literal, flipped]) =>
        flipped
          ? Filter.comparison(op, literal, Filter.field(c.name))
          : Filter.comparison(op, Filter.field(c.name), literal),
      ),
  )
  const withNull = fc
    .tuple(column, fc.constantFrom<ComparisonOperator>('eq', 'ne'), flip)
    .map(([c, op, flipped]) =>
      flipped
        ? Filter.comparison(op, Filter.literal(null, 'null'), Filter.field(c.name))
        : Filter.comparison(op, Filter.field(c.name), Filter.literal(null, 'null')),
    )
  const inList = column.chain((c) =>
    fc
      .array(createColumnLiteralArbitrary(c.type), { minLength: 1, maxLength: 4 })
      .map((values) => Filter.in(c.name, values)),
  )
  const isNull = fc.tuple(column, fc.boolean()).map(([c, yes]) => Filter.isNull(c.name, yes))
  const constant = fc.boolean().map(Filter.constant)

  const leaves: fc.WeightedArbitrary<FilterNode>[] = [
    { arbitrary: withLiteral, weight: 6 },
    { arbitrary: withNull, weight: 1 },
    { arbitrary: inList, weight: 2 },
    { arbitrary: isNull, weight: 1 },
    { arbitrary: constant, weight: 1 },
  ]
  const pairs = sameCategoryPairs(table.columns)
  if (pairs.length > 0) {
    leaves.push({
      arbitrary: fc
        .tuple(fc.constantFrom(...pairs), operator)
        .map(([[a, b], op]) => Filter.comparison(op, Filter.field(a.name), Filter.field(b.name))),
      weight: 2,
    })
  }
  const texts = table.columns.filter((c) => c.type === 'text')
  if (texts.length > 0) {
    const stringMatch = fc
      .tuple(
        fc.constantFrom<StringMatchMode>('contains', 'startsWith', 'endsWith'),
        fc.constantFrom(...texts),
        textArbitrary,
        fc.boolean(),
      )
      .map(([mode, c, value, negated]) => Filter.stringMatch(mode, c.name, Filter.literal(value, 'string'), negated))
    leaves.push({ arbitrary: stringMatch, weight: 3 })
  }
  return createFilterNodeArbitrary({ leaves: fc.oneof(...leaves), maxDepth: options.maxDepth ?? 3 })
}

/** Ordered pairs of columns whose values compare with each other, each column also with itself. */
function sameCategoryPairs(columns: readonly FixtureColumn[]): [FixtureColumn, FixtureColumn][] {
  return columns.flatMap((a) =>
    columns.filter((b) => categoryOf(a.type) === categoryOf(b.type)).map((b): [FixtureColumn, FixtureColumn] => [a, b]),
  )
}
