import { describe, expect, it } from 'vitest'
import { qualifiedKey, type CompiledQuery, type Driver } from '@sluice/core/dialect'
import { MSSQL_HISTOGRAMS_SQL, MSSQL_ROW_COUNTS_SQL } from './mssql-statistics-sql.js'
import { MssqlIntrospector } from './mssql-introspector.js'

/**
 * No SQL Server runs here: these check the statements `readStatistics` sends and how it reads their rows. The reads
 * are scripted in order: row counts first, then histograms (a function throws instead).
 */
function scriptedDriver(
  answers: (readonly Record<string, unknown>[] | (() => never))[],
  sent: CompiledQuery[],
): Driver {
  return {
    init: async () => undefined,
    execute: async (query) => {
      sent.push(query)
      const answer = answers.shift()
      if (typeof answer === 'function') answer()
      return { rows: (answer ?? []) as never[] }
    },
    transaction: async () => {
      throw new Error('not used by readStatistics')
    },
    destroy: async () => undefined,
  }
}

const books = { schema: 'dbo', name: 'books' }
const links = { schema: 'sales', name: 'book_authors' }
const empty = { schema: undefined, name: 'empty' }

describe('MssqlIntrospector.readStatistics', () => {
  it('sends two catalog queries with the tables as one JSON parameter, and scales histogram figures to the rows counted now', async () => {
    const sent: CompiledQuery[] = []
    const driver = scriptedDriver(
      [
        [
          { ord: 1, row_count: '2000' },
          { ord: 2, row_count: 500 },
          { ord: 3, row_count: 0 },
        ],
        [
          // two statistics lead with publisher_id: the larger figure wins; built when books had 1,000 rows
          {
            ord: 1,
            column_name: 'publisher_id',
            sampled_table_rows: 1000,
            max_equal_rows: 150,
            max_average_range_rows: 12.5,
          },
          {
            ord: 1,
            column_name: 'publisher_id',
            sampled_table_rows: 1000,
            max_equal_rows: 140,
            max_average_range_rows: 180,
          },
          { ord: 2, column_name: 'book_id', sampled_table_rows: 500, max_equal_rows: 3, max_average_range_rows: 1 },
        ],
      ],
      sent,
    )
    const found = await new MssqlIntrospector(driver).readStatistics([books, links, empty])
    const parameter = JSON.stringify([
      ['dbo', 'books'],
      ['sales', 'book_authors'],
      [null, 'empty'],
    ])
    expect(sent).toEqual([
      { sql: MSSQL_ROW_COUNTS_SQL, parameters: [parameter] },
      { sql: MSSQL_HISTOGRAMS_SQL, parameters: [parameter] },
    ])
    expect(found.objects.get(qualifiedKey(books))).toEqual({
      rows: 2000,
      columns: new Map([['publisher_id', { maxRowsPerValue: 360 }]]),
    })
    expect(found.objects.get(qualifiedKey(links))).toEqual({
      rows: 500,
      columns: new Map([['book_id', { maxRowsPerValue: 3 }]]),
    })
    expect(found.objects.has(qualifiedKey(empty))).toBe(false)
  })

  it('keeps the row counts when SQL Server will not show histograms (an older version, or no permission)', async () => {
    const sent: CompiledQuery[] = []
    const driver = scriptedDriver(
      [
        [{ ord: 1, row_count: 10 }],
        () => {
          throw new Error("Invalid object name 'sys.dm_db_stats_histogram'.")
        },
      ],
      sent,
    )
    const found = await new MssqlIntrospector(driver).readStatistics([books])
    expect(found.objects.get(qualifiedKey(books))).toEqual({ rows: 10, columns: new Map() })
  })

  it("reads the catalog's own tables and views only: partitions for rows, statistics, histograms and their properties", () => {
    const rows = MSSQL_ROW_COUNTS_SQL.replace(/\s+/g, ' ')
    expect(rows).toContain('FROM sys.partitions AS p WHERE p.object_id = f.object_id AND p.index_id IN (0, 1)')
    expect(rows).toContain('JOIN sys.tables AS t')
    const histograms = MSSQL_HISTOGRAMS_SQL.replace(/\s+/g, ' ')
    for (const clause of [
      'sc.stats_column_id = 1',
      'CROSS APPLY sys.dm_db_stats_properties(st.object_id, st.stats_id) AS sp',
      'CROSS APPLY sys.dm_db_stats_histogram(st.object_id, st.stats_id) AS h',
      'MAX(h.equal_rows)',
      'MAX(h.average_range_rows)',
    ])
      expect(histograms).toContain(clause)
  })

  it('sends nothing for no tables', async () => {
    const sent: CompiledQuery[] = []
    expect(await new MssqlIntrospector(scriptedDriver([], sent)).readStatistics([])).toEqual({ objects: new Map() })
    expect(sent).toEqual([])
  })
})
