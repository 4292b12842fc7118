import * as fc from 'fast-check'
import type { FixtureTable } from '../fixture.js'
import type { OrderByTerm } from '../oracle/sort-rows.js'

/**
 * `$orderby` term lists over distinct columns of `table` (none = the default key order), directions `asc`,
 * `desc` or omitted; nullable and key columns alike.
 */
export function createOrderByArbitrary(
  table: FixtureTable,
  options: { readonly maxTerms?: number } = {},
): fc.Arbitrary<OrderByTerm[]> {
  const names = table.columns.map((c) => c.name)
  return fc
    .shuffledSubarray(names, { minLength: 0, maxLength: Math.min(options.maxTerms ?? 3, names.length) })
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) =>
          fc
            .constantFrom<'asc' | 'desc' | undefined>('asc', 'desc', undefined)
            .map((direction): OrderByTerm => (direction === undefined ? { field } : { field, direction })),
        ),
      ),
    )
}
