import { describe, expect, it } from 'vitest'
import type { ColumnRef, ParamRef, SelectPlan } from '@sluice/core/dialect'
import { PostgresSqlCompiler } from './postgres-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const param = (index: number): ParamRef => ({ kind: 'param', index })

describe('PostgresSqlCompiler case folds', () => {
  it('folds with the database locale and compares the folded text bytewise, whatever the column collation', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: { name: { schema: 'public', name: 'books' }, alias: 't' },
      columns: [{ name: 'id', column: col('id'), type: 'int' }],
      orderBy: [],
      result: { mode: 'single' },
      where: {
        kind: 'or',
        items: [
          {
            kind: 'compare',
            left: { kind: 'caseFold', fold: 'lower', operand: col('title') },
            op: 'eq',
            right: param(0),
          },
          {
            kind: 'like',
            operand: { kind: 'caseFold', fold: 'upper', operand: col('title') },
            pattern: { kind: 'caseFold', fold: 'upper', operand: param(1) },
            negated: false,
          },
          {
            kind: 'in',
            operand: { kind: 'caseFold', fold: 'lower', operand: col('title') },
            values: [param(2), { kind: 'caseFold', fold: 'lower', operand: param(3) }],
          },
        ],
      },
      parameters: [
        { value: 'dune', type: 'string' },
        { value: '%A%', type: 'string' },
        { value: 'x', type: 'string' },
        { value: 'Y', type: 'string' },
      ],
    }
    const lower = (x: string) => `(lower(${x}::text COLLATE "default") COLLATE "C")`
    const upper = (x: string) => `(upper(${x}::text COLLATE "default") COLLATE "C")`
    expect(new PostgresSqlCompiler().compile(plan).sql).toContain(
      `WHERE ${lower('"t"."title"')} = $1 OR ${upper('"t"."title"')} LIKE ${upper('$2')} ESCAPE '\\' OR ${lower('"t"."title"')} IN ($3, ${lower('$4')}) LIMIT 1`,
    )
  })
})
