import { describe, expect, it } from 'vitest'
import type { ColumnRef, ParamRef, SelectPlan } from '@sluice/core/dialect'
import { MssqlSqlCompiler } from './mssql-sql-compiler.js'

// Golden T-SQL for case-folded filters (reviewable without a server).
const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const param = (index: number): ParamRef => ({ kind: 'param', index })

describe('MssqlSqlCompiler case folds', () => {
  it('folds in nvarchar under a binary collation, so a case-insensitive column collation does not decide', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: { name: { schema: 'dbo', name: 'books' }, alias: 't' },
      columns: [{ name: 'id', column: col('id'), type: 'int' }],
      orderBy: [],
      result: { mode: 'single' },
      where: {
        kind: 'or',
        items: [
          {
            kind: 'compare',
            left: { kind: 'caseFold', fold: 'lower', operand: col('title') },
            op: 'gt',
            right: { kind: 'caseFold', fold: 'lower', operand: col('isbn') },
          },
          {
            kind: 'like',
            operand: { kind: 'caseFold', fold: 'upper', operand: col('title') },
            pattern: { kind: 'caseFold', fold: 'upper', operand: param(0) },
            negated: true,
          },
          {
            kind: 'in',
            operand: { kind: 'caseFold', fold: 'lower', operand: col('title') },
            values: [param(1), param(2)],
          },
        ],
      },
      parameters: [
        { value: '%A%', type: 'string' },
        { value: 'x', type: 'string' },
        { value: 'y', type: 'string' },
      ],
    }
    const fold = (f: string, x: string) => `${f}(CAST(${x} AS nvarchar(max)) COLLATE Latin1_General_100_BIN2)`
    expect(new MssqlSqlCompiler().compile(plan).sql).toBe(
      'SELECT TOP (1) (SELECT [t].[id] AS [id] FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER) AS [data] FROM [dbo].[books] AS [t] ' +
        `WHERE ${fold('LOWER', '[t].[title]')} > ${fold('LOWER', '[t].[isbn]')} ` +
        `OR ${fold('UPPER', '[t].[title]')} NOT LIKE REPLACE(${fold('UPPER', '@p0')}, N'[', N'\\[') ESCAPE '\\' ` +
        `OR ${fold('LOWER', '[t].[title]')} IN (@p1, @p2)`,
    )
  })
})
