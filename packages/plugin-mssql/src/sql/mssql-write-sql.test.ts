import { describe, expect, it } from 'vitest'
import type { ColumnRef, DeletePlan, InsertPlan, ReturnedRecord, UpdatePlan, UpsertPlan } from '@sluice/core/dialect'
import { MssqlSqlCompiler } from './mssql-sql-compiler.js'

// Golden tests: the T-SQL batch for each write plan shape.
const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const p = (index: number) => ({ kind: 'param' as const, index })
const table = { name: { schema: 'dbo', name: 'book_authors' }, alias: 't' }
const returning: ReturnedRecord = {
  columns: [
    { name: 'bookId', column: col('book_id'), type: 'int' },
    { name: 'share', column: col('royalty'), type: 'decimal' },
  ],
  visible: undefined,
  keyColumns: [col('book_id'), col('author_id')],
}
const RECORD =
  '(SELECT [t].[book_id] AS [bookId], [t].[royalty] AS [share] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER)'
const KEY =
  `N'[' + COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[book_id], 126), 'json') + N'"', N'null') + N',' ` +
  `+ COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[author_id], 126), 'json') + N'"', N'null') + N']' AS [key]`
const BEGIN = 'SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE @sluice_w TABLE ([k0] int, [k1] int); '
const READ_BACK = `SELECT ${RECORD} AS [data], ${KEY} FROM @sluice_w AS [w] JOIN [dbo].[book_authors] AS [t] ON [t].[book_id] = [w].[k0] AND [t].[author_id] = [w].[k1]`

describe('MssqlSqlCompiler writes', () => {
  const compiler = new MssqlSqlCompiler()

  it('inserts with OUTPUT inserted.<key> INTO a table variable, then reads the row back with FOR JSON in the same batch', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning,
      guard: undefined,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
        { column: 'royalty', value: { kind: 'default' } },
      ],
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `${BEGIN}INSERT INTO [dbo].[book_authors] ([book_id], [author_id], [royalty]) OUTPUT inserted.[book_id], inserted.[author_id] INTO @sluice_w ` +
        `VALUES (@p0, @p1, DEFAULT); ${READ_BACK}; COMMIT TRANSACTION;`,
    )
  })

  it('inserts default values when no column is given; a generated key the caller cannot read is captured as bigint', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      values: [],
      guard: undefined,
      parameters: [],
      returning: { columns: [], visible: undefined, keyColumns: [col('id')] },
    }
    expect(compiler.compile(plan).sql).toBe(
      'SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE @sluice_w TABLE ([k0] bigint); ' +
        'INSERT INTO [dbo].[book_authors] OUTPUT inserted.[id] INTO @sluice_w DEFAULT VALUES; ' +
        `SELECT CAST(NULL AS nvarchar(max)) AS [data], N'[' + COALESCE(N'"' + STRING_ESCAPE(CONVERT(nvarchar(64), [t].[id], 126), 'json') + N'"', N'null') + N']' AS [key] ` +
        'FROM @sluice_w AS [w] JOIN [dbo].[book_authors] AS [t] ON [t].[id] = [w].[k0]; COMMIT TRANSACTION;',
    )
  })

  it('writes a row without key columns (a linking row) and reports only that it was written', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      guard: undefined,
      returning: { columns: [], visible: undefined, keyColumns: [] },
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
      ],
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      'SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE @sluice_w TABLE ([sluice:one] bit); ' +
        'INSERT INTO [dbo].[book_authors] ([book_id], [author_id]) OUTPUT 1 INTO @sluice_w VALUES (@p0, @p1); ' +
        `SELECT CAST(NULL AS nvarchar(max)) AS [data], N'[]' AS [key] FROM @sluice_w AS [w]; COMMIT TRANSACTION;`,
    )
  })

  it('gates the returned record on the read policy', () => {
    const gated: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      values: [{ column: 'book_id', value: p(0) }],
      guard: undefined,
      returning: { ...returning, visible: { kind: 'compare', left: col('author_id'), op: 'eq', right: p(1) } },
      parameters: [
        { value: 1, type: 'int' },
        { value: 7, type: 'int' },
      ],
    }
    expect(compiler.compile(gated).sql).toContain(`SELECT CASE WHEN [t].[author_id] = @p1 THEN ${RECORD} END AS [data]`)
  })

  it('guards an insert with the create policy: insert-select from the typed proposed row, NULL for columns it leaves out', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'royalty', value: p(1) },
      ],
      guard: {
        predicate: {
          kind: 'and',
          items: [
            { kind: 'compare', left: col('royalty'), op: 'le', right: p(2) },
            { kind: 'isNull', operand: col('note'), negated: false },
          ],
        },
        columns: [
          { column: 'book_id', dbType: 'int' },
          { column: 'royalty', dbType: 'decimal(5,2)' },
          { column: 'note', dbType: 'nvarchar(max)' },
        ],
      },
      parameters: [
        { value: 1, type: 'int' },
        { value: '5', type: 'decimal' },
        { value: '10', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      `${BEGIN.replace('[k1] int', '[k1] bigint')}INSERT INTO [dbo].[book_authors] ([book_id], [royalty]) OUTPUT inserted.[book_id], inserted.[author_id] INTO @sluice_w ` +
        'SELECT [t].[book_id], [t].[royalty] FROM (SELECT CAST(@p0 AS int) AS [book_id], CAST(@p1 AS decimal(5,2)) AS [royalty], CAST(NULL AS nvarchar(max)) AS [note]) AS [t] ' +
        `WHERE [t].[royalty] <= @p2 AND [t].[note] IS NULL; ${READ_BACK}; COMMIT TRANSACTION;`,
    )
  })

  it('updates the row the key and policy select, resetting omitted fields to DEFAULT', () => {
    const plan: UpdatePlan = {
      kind: 'update',
      shapeKey: 'k',
      table,
      returning: { ...returning, columns: [returning.columns[1]!] },
      set: [
        { column: 'royalty', value: p(0) },
        { column: 'note', value: { kind: 'default' } },
      ],
      where: {
        kind: 'and',
        items: [
          { kind: 'compare', left: col('book_id'), op: 'eq', right: p(1) },
          { kind: 'compare', left: col('author_id'), op: 'eq', right: p(2) },
        ],
      },
      parameters: [
        { value: '5.00', type: 'decimal' },
        { value: 1, type: 'int' },
        { value: 2, type: 'long' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      'SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE @sluice_w TABLE ([k0] int, [k1] bigint); ' +
        'UPDATE [t] SET [royalty] = @p0, [note] = DEFAULT OUTPUT inserted.[book_id], inserted.[author_id] INTO @sluice_w ' +
        'FROM [dbo].[book_authors] AS [t] WHERE [t].[book_id] = @p1 AND [t].[author_id] = @p2; ' +
        `SELECT (SELECT [t].[royalty] AS [share] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [data], ${KEY} ` +
        'FROM @sluice_w AS [w] JOIN [dbo].[book_authors] AS [t] ON [t].[book_id] = [w].[k0] AND [t].[author_id] = [w].[k1]; COMMIT TRANSACTION;',
    )
  })

  it('reads the row back when an update has nothing to set', () => {
    const plan: UpdatePlan = {
      kind: 'update',
      shapeKey: 'k',
      table,
      returning,
      set: [],
      where: { kind: 'compare', left: col('book_id'), op: 'eq', right: p(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      `SELECT ${RECORD} AS [data], ${KEY} FROM [dbo].[book_authors] AS [t] WHERE [t].[book_id] = @p0;`,
    )
  })

  it('upserts with MERGE … WITH (HOLDLOCK) on the key, taking the proposed values, guarded by the update policy', () => {
    const plan: UpsertPlan = {
      kind: 'upsert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
        { column: 'royalty', value: p(2) },
        { column: 'note', value: { kind: 'default' } },
      ],
      conflictColumns: ['book_id', 'author_id'],
      updateColumns: ['royalty', 'note'],
      updateWhere: { kind: 'compare', left: col('royalty'), op: 'lt', right: p(3) },
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
        { value: '5', type: 'decimal' },
        { value: '50', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      'SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE @sluice_w TABLE ([k0] int, [k1] int, [sluice:inserted] bit); ' +
        'MERGE INTO [dbo].[book_authors] WITH (HOLDLOCK) AS [t] ' +
        'USING (SELECT @p0 AS [book_id], @p1 AS [author_id], @p2 AS [royalty]) AS [sluice:s] ' +
        'ON [t].[book_id] = [sluice:s].[book_id] AND [t].[author_id] = [sluice:s].[author_id] ' +
        'WHEN MATCHED AND [t].[royalty] < @p3 THEN UPDATE SET [royalty] = [sluice:s].[royalty], [note] = DEFAULT ' +
        'WHEN NOT MATCHED THEN INSERT ([book_id], [author_id], [royalty], [note]) VALUES ([sluice:s].[book_id], [sluice:s].[author_id], [sluice:s].[royalty], DEFAULT) ' +
        `OUTPUT inserted.[book_id], inserted.[author_id], CASE WHEN $action = 'INSERT' THEN 1 ELSE 0 END INTO @sluice_w; ` +
        `${READ_BACK.replace(' AS [key] FROM', ' AS [key], [w].[sluice:inserted] AS [inserted] FROM')}; COMMIT TRANSACTION;`,
    )
  })

  it('upserts with nothing to update by re-assigning the first key column, so the existing row still comes back', () => {
    const plan: UpsertPlan = {
      kind: 'upsert',
      shapeKey: 'k',
      table,
      returning,
      values: [
        { column: 'book_id', value: p(0) },
        { column: 'author_id', value: p(1) },
      ],
      conflictColumns: ['book_id', 'author_id'],
      updateColumns: [],
      updateWhere: undefined,
      parameters: [
        { value: 1, type: 'int' },
        { value: 2, type: 'int' },
      ],
    }
    expect(compiler.compile(plan).sql).toContain(
      'WHEN MATCHED THEN UPDATE SET [book_id] = [sluice:s].[book_id] WHEN NOT MATCHED',
    )
  })

  it('deletes the selected row and returns a row only when one was deleted (no OUTPUT: tables may have triggers)', () => {
    const plan: DeletePlan = {
      kind: 'delete',
      shapeKey: 'k',
      table,
      where: { kind: 'compare', left: col('book_id'), op: 'eq', right: p(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      'DELETE [t] FROM [dbo].[book_authors] AS [t] WHERE [t].[book_id] = @p0; SELECT 1 AS [deleted] WHERE @@ROWCOUNT > 0;',
    )
  })
})
