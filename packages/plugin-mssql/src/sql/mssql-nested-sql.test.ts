import { describe, expect, it } from 'vitest'
import type { ColumnRef, NestedSelect, SelectPlan } from '@sluice/core/dialect'
import { MssqlSqlCompiler } from './mssql-sql-compiler.js'

// Golden tests: nested relationship reads (OUTER-APPLY-free correlated FOR JSON sub-queries) and aggregation.
const col = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const books = { name: { schema: 'dbo', name: 'books' }, alias: 't' }
const JSON_OBJECT = 'FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER'

const publisher: NestedSelect = {
  name: 'publisher',
  cardinality: 'one',
  table: { name: { schema: 'dbo', name: 'publishers' }, alias: 't_r0' },
  linking: undefined,
  join: { kind: 'compare', left: col('t_r0', 'id'), op: 'eq', right: col('t', 'publisher_id') },
  parentColumns: [col('t', 'publisher_id')],
  columns: [{ name: 'name', column: col('t_r0', 'name'), type: 'string' }],
  where: undefined,
  orderBy: [],
  page: undefined,
  relations: [],
}
const authors: NestedSelect = {
  name: 'authors',
  cardinality: 'many',
  table: { name: { schema: 'dbo', name: 'authors' }, alias: 't_r1' },
  linking: { name: { schema: 'dbo', name: 'book_authors' }, alias: 't_r1l' },
  join: {
    kind: 'and',
    items: [
      { kind: 'compare', left: col('t_r1l', 'book_id'), op: 'eq', right: col('t', 'id') },
      { kind: 'compare', left: col('t_r1l', 'author_id'), op: 'eq', right: col('t_r1', 'id') },
    ],
  },
  parentColumns: [col('t', 'id')],
  columns: [{ name: 'id', column: col('t_r1', 'id'), type: 'int' }],
  where: { kind: 'compare', left: col('t_r1', 'id'), op: 'gt', right: { kind: 'param', index: 1 } },
  orderBy: [{ column: col('t_r1', 'id'), direction: 'asc', nullable: false }],
  page: { limit: 2, fetch: 3, cursorColumns: [col('t_r1', 'id')], cursor: 0 },
  relations: [],
}

describe('MssqlSqlCompiler nested reads and aggregation', () => {
  const compiler = new MssqlSqlCompiler()

  it('nests a to-one relationship as the first related record, embedded as JSON by JSON_QUERY', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      relations: [publisher],
      where: { kind: 'compare', left: col('t', 'id'), op: 'eq', right: { kind: 'param', index: 0 } },
      orderBy: [],
      result: { mode: 'single' },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      `SELECT TOP (1) (SELECT [t].[id] AS [id], JSON_QUERY((SELECT TOP (1) (SELECT [t_r0].[name] AS [name] ${JSON_OBJECT}) ` +
        `FROM [dbo].[publishers] AS [t_r0] WHERE [t_r0].[id] = [t].[publisher_id] ORDER BY (SELECT NULL))) AS [publisher] ${JSON_OBJECT}) AS [data] ` +
        'FROM [dbo].[books] AS [t] WHERE [t].[id] = @p0',
    )
  })

  it('nests a to-many page as {items, hasNextPage, endCursor}: limit + 1 rows, comma-joined, the marked cursor of row limit', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [],
      relations: [authors],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      nestedCursors: {
        marker: { kind: 'param', index: 0 },
        value: 'm',
        cursors: [{ entity: 'Author', order: [{ name: 'id', direction: 'asc' }], conceal: false, signed: true }],
      },
      parameters: [
        { value: 'm', type: 'string' },
        { value: 0, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      "SELECT TOP (1) (SELECT JSON_QUERY((SELECT JSON_QUERY(COALESCE(N'[' + STRING_AGG(CASE WHEN [q].[sluice:n] <= 2 THEN CAST([q].[j] AS nvarchar(max)) END, N',') " +
        "WITHIN GROUP (ORDER BY [q].[sluice:n]) + N']', N'[]')) AS [items], CAST(CASE WHEN COUNT(*) > 2 THEN 1 ELSE 0 END AS bit) AS [hasNextPage], " +
        "CASE WHEN COUNT(*) > 2 THEN CAST(@p0 AS nvarchar(max)) + N'0:' + MAX(CASE WHEN [q].[sluice:n] = 2 THEN [q].[c] END) END AS [endCursor] " +
        `FROM (SELECT TOP (3) (SELECT [t_r1].[id] AS [id] ${JSON_OBJECT}) AS [j], ` +
        `N'[' + COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t_r1].[id], 126), 'json') + N'"', N'null') + N']' AS [c], ` +
        'ROW_NUMBER() OVER (ORDER BY [t_r1].[id] ASC) AS [sluice:n] FROM [dbo].[authors] AS [t_r1] CROSS JOIN [dbo].[book_authors] AS [t_r1l] ' +
        'WHERE ([t_r1l].[book_id] = [t].[id] AND [t_r1l].[author_id] = [t_r1].[id]) AND [t_r1].[id] > @p1 ORDER BY [t_r1].[id] ASC) AS [q] ' +
        `${JSON_OBJECT})) AS [authors] ${JSON_OBJECT}) AS [data] FROM [dbo].[books] AS [t]`,
    )
  })

  it('writes {items} alone, with no marker, when the caller reads no paging value (pageInfo false)', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [],
      relations: [{ ...authors, page: { ...authors.page!, pageInfo: false } }],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      parameters: [{ value: 0, type: 'int' }],
    }
    const sql = compiler.compile(plan).sql
    expect(sql).toContain(`+ N']', N'[]')) AS [items] FROM (SELECT TOP (3) `)
    expect(sql).not.toMatch(/hasNextPage|endCursor|N'0:'/)
  })

  it('keeps nested values inside each record of a root page', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      relations: [publisher],
      where: undefined,
      orderBy: [{ column: col('t', 'id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 5, fetch: 6, cursorColumns: [col('t', 'id')] },
      parameters: [],
    }
    expect(compiler.compile(plan).sql).toContain(
      'FROM (SELECT TOP (6) (SELECT [t].[id] AS [id], JSON_QUERY((SELECT TOP (1) (SELECT [t_r0].[name] AS [name]',
    )
  })

  it('aggregates per group into [{"fields": …, "aggregations": …}] with FOR JSON PATH, averages in float, HAVING in float', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [],
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'compare', left: col('t', 'year'), op: 'gt', right: { kind: 'param', index: 0 } },
      aggregate: {
        groupBy: [{ name: 'publisherId', column: col('t', 'publisher_id'), type: 'int' }],
        aggregations: [
          {
            name: 'count',
            function: 'count',
            column: col('t', 'id'),
            distinct: true,
            having: [{ op: 'gt', values: [{ kind: 'param', index: 1 }] }],
          },
          { name: 'avgPrice', function: 'avg', column: col('t', 'price'), distinct: false, having: [] },
          {
            name: 'maxPrice',
            function: 'max',
            column: col('t', 'price'),
            distinct: false,
            having: [
              {
                op: 'in',
                values: [
                  { kind: 'param', index: 2 },
                  { kind: 'param', index: 3 },
                ],
              },
            ],
          },
        ],
        limit: 100,
        offset: undefined,
        order: [{ column: col('x', 'g0'), direction: 'asc', nullable: true }],
      },
      parameters: [
        { value: 2000, type: 'int' },
        { value: 1, type: 'long' },
        { value: '5', type: 'decimal' },
        { value: '6', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      'SELECT COALESCE((SELECT [x].[g0] AS [fields.publisherId], [x].[a0] AS [aggregations.count], [x].[a1] AS [aggregations.avgPrice], [x].[a2] AS [aggregations.maxPrice] ' +
        'FROM (SELECT * FROM (SELECT [t].[publisher_id] AS [g0], COUNT_BIG(DISTINCT [t].[id]) AS [a0], AVG(CAST([t].[price] AS float)) AS [a1], MAX([t].[price]) AS [a2] ' +
        'FROM [dbo].[books] AS [t] WHERE [t].[year] > @p0 GROUP BY [t].[publisher_id] ' +
        'HAVING CAST(COUNT_BIG(DISTINCT [t].[id]) AS float) > CAST(@p1 AS float) AND CAST(MAX([t].[price]) AS float) IN (CAST(@p2 AS float), CAST(@p3 AS float))) AS [x] ' +
        "ORDER BY [x].[g0] ASC OFFSET 0 ROWS FETCH NEXT 100 ROWS ONLY) AS [x] ORDER BY [x].[g0] ASC FOR JSON PATH, INCLUDE_NULL_VALUES), N'[]') AS [data]",
    )
  })

  it('writes empty "fields" for an aggregate over the whole table', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [],
      orderBy: [],
      result: { mode: 'single' },
      where: undefined,
      parameters: [],
      aggregate: {
        groupBy: [],
        aggregations: [{ name: 'total', function: 'sum', column: col('t', 'price'), distinct: false, having: [] }],
        limit: 100,
        offset: undefined,
        order: [],
      },
    }
    expect(compiler.compile(plan).sql).toBe(
      `SELECT COALESCE((SELECT JSON_QUERY(N'{}') AS [fields], [x].[a0] AS [aggregations.total] FROM (SELECT * FROM (SELECT SUM([t].[price]) AS [a0] FROM [dbo].[books] AS [t]) AS [x] ` +
        `ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 100 ROWS ONLY) AS [x] ` +
        `FOR JSON PATH, INCLUDE_NULL_VALUES), N'[]') AS [data]`,
    )
  })
})
