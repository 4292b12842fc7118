import { findFixtureColumn, type FixtureRow, type FixtureTable } from '../fixture.js'
import { compareComparable, toComparable } from './comparable-value.js'

/** One `$orderby` term; `direction` omitted means ascending. */
export interface OrderByTerm {
  readonly field: string
  readonly direction?: 'asc' | 'desc'
}

/**
 * Sorts rows as Sluice orders a collection: by the given terms, NULL as the lowest value (first ascending, last
 * descending), then by every primary-key column ascending, which makes the order total.
 */
export function sortRows(
  table: FixtureTable,
  rows: readonly FixtureRow[],
  orderBy: readonly OrderByTerm[],
): FixtureRow[] {
  const terms = [...orderBy, ...table.primaryKey.map((field) => ({ field, direction: 'asc' as const }))]
  const compare = (a: FixtureRow, b: FixtureRow): number => {
    for (const term of terms) {
      const type = findFixtureColumn(table, term.field).type
      const x = a[term.field] ?? null
      const y = b[term.field] ?? null
      const order =
        x === null
          ? y === null
            ? 0
            : -1
          : y === null
            ? 1
            : compareComparable(toComparable(type, x), toComparable(type, y))
      if (order !== 0) return term.direction === 'desc' ? -order : order
    }
    return 0
  }
  return [...rows].sort(compare)
}
