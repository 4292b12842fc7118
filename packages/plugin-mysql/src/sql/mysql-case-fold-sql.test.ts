import { describe, expect, it } from 'vitest'
import type { ColumnRef, ParamRef, SelectPlan } from '@sluice/core/dialect'
import { MysqlServerInfo } from './mysql-server.js'
import { MysqlSqlCompiler } from './mysql-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const param = (index: number): ParamRef => ({ kind: 'param', index })

const plan: SelectPlan = {
  kind: 'select',
  shapeKey: 'k',
  table: { name: { schema: 'test', name: 'books' }, alias: 't' },
  columns: [{ name: 'id', column: col('id'), type: 'int' }],
  orderBy: [],
  result: { mode: 'single' },
  where: {
    kind: 'and',
    items: [
      {
        kind: 'compare',
        left: { kind: 'caseFold', fold: 'lower', operand: col('title') },
        op: 'eq',
        right: { kind: 'caseFold', fold: 'lower', operand: param(0) },
      },
      { kind: 'in', operand: { kind: 'caseFold', fold: 'upper', operand: col('title') }, values: [param(1)] },
    ],
  },
  parameters: [
    { value: 'Dune', type: 'string' },
    { value: 'X', type: 'string' },
  ],
}

describe('MysqlSqlCompiler case folds', () => {
  it.each([
    ['mariadb', 'utf8mb4_nopad_bin'],
    ['mysql', 'utf8mb4_0900_bin'],
  ] as const)(
    'folds in utf8mb4 under a binary no-pad collation on %s (%s), whatever the column collation',
    (flavor, collation) => {
      const fold = (f: string, x: string) => `${f}(CONVERT(${x} USING utf8mb4) COLLATE ${collation})`
      expect(new MysqlSqlCompiler(new MysqlServerInfo(flavor)).compile(plan).sql).toContain(
        `WHERE ${fold('LOWER', '`t`.`title`')} = ${fold('LOWER', '?')} AND ${fold('UPPER', '`t`.`title`')} IN (?) LIMIT 1`,
      )
    },
  )
})
