import { describe, expect, it } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import { parseFilterExpression } from '@sluice/core/protocol'
import type { FixtureTable } from '../src/fixture.js'
import { filterRows } from '../src/oracle/filter-rows.js'
import { paginateRows } from '../src/oracle/paginate-rows.js'
import { sortRows } from '../src/oracle/sort-rows.js'

const table: FixtureTable = {
  name: 't',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'n', type: 'decimal', nullable: true },
    { name: 's', type: 'text', nullable: true },
    { name: 'at', type: 'timestamp', nullable: true },
  ],
  primaryKey: ['id'],
  rows: [
    { id: 3, n: '1.50', s: 'a%b', at: '2000-01-01T00:00:00' },
    { id: 1, n: null, s: null, at: null },
    { id: 2, n: '-2.00', s: 'B', at: '2000-01-01T10:00:00.5' },
  ],
}

function ids(filter: string): number[] {
  const parsed = parseFilterExpression(filter, { mode: 'filter' })
  if (!parsed.ok) throw new Error(parsed.message)
  return filterRows(table, parsed.node)
    .map((r) => r['id'] as number)
    .sort()
}

describe('the oracle', () => {
  it('treats comparisons with NULL as unknown, also under not', () => {
    expect(ids('n ne 1.5')).toEqual([2])
    expect(ids('not (n eq 1.5)')).toEqual([2])
    expect(ids('not (n eq 1.5) or n eq null')).toEqual([1, 2])
    expect(ids('n eq null')).toEqual([1])
    expect(ids('null ne n')).toEqual([2, 3])
  })

  it('compares numbers exactly across scales and dates as midnight timestamps', () => {
    expect(ids('n gt 1.499')).toEqual([3])
    expect(ids('n le -2')).toEqual([2])
    expect(ids('at gt 2000-01-01')).toEqual([2])
    expect(ids('at le 2000-01-01T10:00:00.5')).toEqual([2, 3])
  })

  it('matches contains literally and case-sensitively', () => {
    expect(ids("contains(s, '%')")).toEqual([3])
    expect(ids("startswith(s, 'b')")).toEqual([])
    expect(ids("not contains(s, 'x')")).toEqual([2, 3])
  })

  it('keeps rows only when the filter is true (Kleene and/or)', () => {
    const unknownOrTrue: FilterNode = Filter.or([
      Filter.comparison('gt', Filter.field('n'), Filter.literal('0', 'number')),
      Filter.constant(true),
    ])
    expect(filterRows(table, unknownOrTrue)).toHaveLength(3)
    expect(ids('n gt 0 and false')).toEqual([])
  })

  it('sorts NULL lowest and breaks ties by the key ascending', () => {
    expect(sortRows(table, table.rows, [{ field: 'n' }]).map((r) => r['id'])).toEqual([1, 2, 3])
    expect(sortRows(table, table.rows, [{ field: 'n', direction: 'desc' }]).map((r) => r['id'])).toEqual([3, 2, 1])
    const tied = [
      { id: 9, n: '1.00', s: null, at: null },
      { id: 4, n: '1.00', s: null, at: null },
    ]
    expect(sortRows(table, tied, [{ field: 'n', direction: 'desc' }]).map((r) => r['id'])).toEqual([4, 9])
  })

  it('splits pages without an empty trailing page, and gives one empty page for no rows', () => {
    expect(paginateRows([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ])
    expect(paginateRows([1, 2, 3], 2)).toEqual([[1, 2], [3]])
    expect(paginateRows([], 5)).toEqual([[]])
  })
})
