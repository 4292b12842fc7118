import { describe, expect, it } from 'vitest'
import type { ColumnRef, NestedSelect, SelectPlan } from '@sluice/core/dialect'
import { MssqlSqlCompiler } from './mssql-sql-compiler.js'

// Golden T-SQL for counts (reviewable without a server).
const col = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const books = { name: { schema: 'dbo', name: 'books' }, alias: 't' }
const policy = { kind: 'compare', left: col('t', 'pages'), op: 'gt', right: { kind: 'param', index: 0 } } as const

describe('MssqlSqlCompiler counts', () => {
  const compiler = new MssqlSqlCompiler()

  it('counts with COUNT_BIG beside the page, by the filter and policy only', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      where: {
        kind: 'and',
        items: [policy, { kind: 'compare', left: col('t', 'id'), op: 'gt', right: { kind: 'param', index: 1 } }],
      },
      orderBy: [{ column: col('t', 'id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 2, fetch: 3, cursorColumns: [col('t', 'id')] },
      count: { where: policy },
      parameters: [
        { value: 100, type: 'int' },
        { value: '7', type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      "SELECT N'[' + STRING_AGG(CAST([r].[j] AS nvarchar(max)), N',\n') WITHIN GROUP (ORDER BY [r].[sluice:n]) + N']' AS [data], " +
        'MAX(CASE WHEN [r].[sluice:n] = 2 THEN [r].[c] END) AS [cursor], (SELECT COUNT_BIG(*) FROM [dbo].[books] AS [t] WHERE [t].[pages] > @p0) AS [count] ' +
        'FROM (SELECT TOP (3) (SELECT [t].[id] AS [id] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [j], ' +
        "N'[' + COALESCE(N'\"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[id], 126), 'json') + N'\"', N'null') + N']' AS [c], " +
        'ROW_NUMBER() OVER (ORDER BY [t].[id] ASC) AS [sluice:n] FROM [dbo].[books] AS [t] WHERE [t].[pages] > @p0 AND [t].[id] > @p1 ORDER BY [t].[id] ASC) AS [r]',
    )
  })

  it('adds totalCount to a nested connection', () => {
    const reviews: NestedSelect = {
      name: 'reviews',
      cardinality: 'many',
      table: { name: { schema: 'dbo', name: 'reviews' }, alias: 't1' },
      linking: undefined,
      join: { kind: 'compare', left: col('t', 'id'), op: 'eq', right: col('t1', 'book_id') },
      parentColumns: [col('t', 'id')],
      columns: [{ name: 'id', column: col('t1', 'id'), type: 'int' }],
      where: undefined,
      orderBy: [{ column: col('t1', 'id'), direction: 'asc', nullable: false }],
      page: { limit: 1, fetch: 2, cursorColumns: [col('t1', 'id')], cursor: 0 },
      relations: [],
      count: { where: undefined },
    }
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      relations: [reviews],
      nestedCursors: {
        marker: { kind: 'param', index: 0 },
        value: 'm',
        cursors: [{ entity: 'Review', order: [{ name: 'id', direction: 'asc' }], conceal: false, signed: true }],
      },
      parameters: [{ value: 'm', type: 'string' }],
    }
    expect(compiler.compile(plan).sql).toContain(
      'AS [endCursor], (SELECT COUNT_BIG(*) FROM [dbo].[reviews] AS [t1] WHERE [t].[id] = [t1].[book_id]) AS [totalCount] FROM (SELECT TOP (2)',
    )
  })
})
