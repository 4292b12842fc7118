import { describe, expect, it } from 'vitest'
import type { ColumnRef, ExecutePlan, SelectPlan } from '@sluice/core/dialect'
import { MssqlSqlCompiler } from './mssql-sql-compiler.js'

// Golden tests: the T-SQL for each read plan shape, reviewable without a server (writes: mssql-write-sql.test.ts).
const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const table = { name: { schema: 'dbo', name: 'books' }, alias: 't' }
const columns = [
  { name: 'id', column: col('id'), type: 'int' as const },
  { name: 'publishedOn', column: col('published'), type: 'date' as const },
  { name: 'cover', column: col('cover'), type: 'bytes' as const },
]

describe('MssqlSqlCompiler reads', () => {
  const compiler = new MssqlSqlCompiler()

  it('compiles a by-key read to one row holding the record built by FOR JSON PATH', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns,
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'compare', left: col('id'), op: 'eq', right: { kind: 'param', index: 0 } },
      parameters: [{ value: 5, type: 'int' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'SELECT TOP (1) (SELECT [t].[id] AS [id], [t].[published] AS [publishedOn], [t].[cover] AS [cover] ' +
        'FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [data] FROM [dbo].[books] AS [t] WHERE [t].[id] = @p0',
    )
    // Each value goes to the driver with its type, so tedious can declare a typed parameter.
    expect(compiler.bindParameters(plan, compiled)).toEqual([{ value: 5, type: 'int' }])
  })

  const pagePlan = (output: SelectPlan['columns']): SelectPlan => ({
    kind: 'select',
    shapeKey: 'k',
    table,
    columns: output,
    where: {
      kind: 'and',
      items: [
        { kind: 'like', operand: col('title'), pattern: { kind: 'param', index: 0 }, negated: false },
        {
          kind: 'or',
          items: [
            { kind: 'isNull', operand: col('published'), negated: true },
            { kind: 'constant', value: false },
          ],
        },
        {
          kind: 'in',
          operand: col('id'),
          values: [
            { kind: 'param', index: 1 },
            { kind: 'param', index: 2 },
          ],
        },
      ],
    },
    orderBy: [
      { column: col('published'), direction: 'desc', nullable: true },
      { column: col('id'), direction: 'asc', nullable: false },
    ],
    result: { mode: 'page', limit: 10, fetch: 11, cursorColumns: [col('published'), col('id')] },
    parameters: [
      { value: '%a\\_%', type: 'string' },
      { value: 1, type: 'int' },
      { value: 2, type: 'int' },
    ],
  })
  const rows =
    `FROM [dbo].[books] AS [t] WHERE [t].[title] LIKE REPLACE(@p0, N'[', N'\\[') ESCAPE '\\' ` +
    `AND ([t].[published] IS NOT NULL OR 1=0) AND [t].[id] IN (@p1, @p2) ORDER BY [t].[published] DESC, [t].[id] ASC) AS [r]`
  const aggregate =
    `SELECT N'[' + STRING_AGG(CAST([r].[j] AS nvarchar(max)), N',\n') WITHIN GROUP (ORDER BY [r].[sluice:n]) + N']' AS [data], ` +
    'MAX(CASE WHEN [r].[sluice:n] = 10 THEN [r].[c] END) AS [cursor] FROM (SELECT TOP (11) '

  it('compiles a page to TOP (limit + 1) records joined with comma-newline, and the cursor values of row limit', () => {
    expect(compiler.compile(pagePlan(columns.slice(0, 2))).sql).toBe(
      `${aggregate}(SELECT [t].[id] AS [id], [t].[published] AS [publishedOn] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [j], ` +
        `N'[' + COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[published], 126), 'json') + N'"', N'null') + N',' ` +
        `+ COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[id], 126), 'json') + N'"', N'null') + N']' AS [c], ` +
        `ROW_NUMBER() OVER (ORDER BY [t].[published] DESC, [t].[id] ASC) AS [sluice:n] ${rows}`,
    )
  })

  it('writes no NULLS FIRST/LAST: SQL Server already sorts NULL lowest, as Sluice defines', () => {
    expect(compiler.compile(pagePlan(columns.slice(0, 1))).sql).not.toMatch(/NULLS/)
  })

  it('renders cursor values exactly: floats with 17 digits, bits as true/false, columns outside the output by style 126', () => {
    const plan = pagePlan([
      { name: 'id', column: col('id'), type: 'float' },
      { name: 'published', column: col('published'), type: 'boolean' },
    ])
    const sql = compiler.compile(plan).sql
    expect(sql).toContain(`STRING_ESCAPE(CASE [t].[published] WHEN 1 THEN N'true' WHEN 0 THEN N'false' END, 'json')`)
    expect(sql).toContain(`STRING_ESCAPE(CONVERT(nvarchar(64), [t].[id], 3), 'json')`)
    expect(compiler.compile(pagePlan([])).sql).toContain(
      `STRING_ESCAPE(CONVERT(nvarchar(max), [t].[published], 126), 'json')`,
    )
  })

  it('orders by nothing in particular only when the plan has no ordering', () => {
    const plan: SelectPlan = {
      ...pagePlan(columns.slice(0, 1)),
      where: undefined,
      orderBy: [],
      result: { mode: 'page', limit: 2, fetch: 3, cursorColumns: [] },
    }
    expect(compiler.compile(plan).sql).toBe(
      `SELECT N'[' + STRING_AGG(CAST([r].[j] AS nvarchar(max)), N',\n') WITHIN GROUP (ORDER BY [r].[sluice:n]) + N']' AS [data], ` +
        'MAX(CASE WHEN [r].[sluice:n] = 2 THEN [r].[c] END) AS [cursor] FROM (SELECT TOP (3) ' +
        `(SELECT [t].[id] AS [id] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [j], N'[]' AS [c], ` +
        'ROW_NUMBER() OVER (ORDER BY (SELECT NULL)) AS [sluice:n] FROM [dbo].[books] AS [t] ORDER BY (SELECT NULL)) AS [r]',
    )
  })

  it('compiles a related-row filter to EXISTS and NOT to NOT (…)', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns: columns.slice(0, 1),
      orderBy: [],
      result: { mode: 'single' },
      parameters: [{ value: 'x', type: 'string' }],
      where: {
        kind: 'not',
        item: {
          kind: 'exists',
          from: [{ name: { schema: 'dbo', name: 'authors' }, alias: 't1' }],
          where: {
            kind: 'and',
            items: [
              { kind: 'compare', left: { kind: 'column', table: 't1', column: 'book_id' }, op: 'eq', right: col('id') },
              {
                kind: 'compare',
                left: { kind: 'column', table: 't1', column: 'name' },
                op: 'ne',
                right: { kind: 'param', index: 0 },
              },
            ],
          },
        },
      },
    }
    expect(compiler.compile(plan).sql).toContain(
      'WHERE NOT (EXISTS (SELECT 1 FROM [dbo].[authors] AS [t1] WHERE [t1].[book_id] = [t].[id] AND [t1].[name] <> @p0))',
    )
  })

  it('quotes identifiers and API names with ] doubled, and renders CLR-typed columns as text', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: { name: { schema: 'we]ird', name: 'x' }, alias: 't' },
      columns: [
        { name: 'a]b', column: col('c]d'), type: 'string' },
        { name: 'shape', column: col('shape'), type: 'unknown' },
      ],
      where: undefined,
      orderBy: [],
      result: { mode: 'single' },
      parameters: [],
    }
    const sql = compiler.compile(plan).sql
    expect(sql).toContain('[we]]ird].[x]')
    expect(sql).toContain('[t].[c]]d] AS [a]]b], CONVERT(nvarchar(max), [t].[shape]) AS [shape]')
  })

  it('compiles a stored procedure call to EXEC with named arguments, returning the first result set as rows', () => {
    const plan: ExecutePlan = {
      kind: 'execute',
      shapeKey: 'k',
      procedure: { schema: 'dbo', name: 'get_books' },
      routine: 'procedure',
      alias: 'r',
      arguments: [
        { name: 'author', dbType: 'nvarchar(100)', value: { kind: 'param', index: 0 } },
        { name: 'year', dbType: 'int', value: { kind: 'param', index: 1 } },
      ],
      outputParameters: [],
      resultColumns: undefined,
      columns: undefined,
      parameters: [
        { value: 'Ann', type: 'string' },
        { value: 2001, type: 'int' },
      ],
    }
    expect(compiler.compile(plan)).toEqual({
      sql: 'EXEC [dbo].[get_books] @author = @p0, @year = @p1;',
      parameterOrder: [0, 1],
      result: 'rows',
    })
    expect(compiler.compile({ ...plan, arguments: [], parameters: [] }).sql).toBe('EXEC [dbo].[get_books];')
  })
})
