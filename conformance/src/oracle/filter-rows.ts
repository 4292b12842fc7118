import type { FilterNode } from '@sluice/core'
import type { FixtureRow, FixtureTable } from '../fixture.js'
import { evaluateFilter } from './evaluate-filter.js'

/** The table's rows for which `filter` is true (unknown drops the row, as in SQL's WHERE); all rows without a filter. */
export function filterRows(table: FixtureTable, filter: FilterNode | undefined): FixtureRow[] {
  return filter === undefined
    ? [...table.rows]
    : table.rows.filter((row) => evaluateFilter(filter, row, table) === true)
}
