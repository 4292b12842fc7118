import { describe, expect, it } from 'vitest'
import type { ColumnRef, NestedSelect, SelectPlan } from '@sluice/core/dialect'
import { MysqlServerInfo } from './mysql-server.js'
import { MysqlSqlCompiler } from './mysql-sql-compiler.js'

const col = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const books = { name: { schema: 'test', name: 'books' }, alias: 't' }
const policy = { kind: 'compare', left: col('t', 'pages'), op: 'gt', right: { kind: 'param', index: 0 } } as const
const keyset = { kind: 'compare', left: col('t', 'id'), op: 'gt', right: { kind: 'param', index: 1 } } as const

describe('MySQL family counts', () => {
  it('renders the count before the rows, so positional placeholders bind in text order', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table: books,
      columns: [{ name: 'id', column: col('t', 'id'), type: 'int' }],
      where: { kind: 'and', items: [policy, keyset] },
      orderBy: [{ column: col('t', 'id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 2, fetch: 3, cursorColumns: [col('t', 'id')] },
      count: { where: policy },
      parameters: [
        { value: 100, type: 'int' },
        { value: '7', type: 'int' },
      ],
    }
    const compiler = new MysqlSqlCompiler(new MysqlServerInfo('mariadb'))
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toContain(
      ', (SELECT COUNT(*) FROM `test`.`books` AS `t` WHERE `t`.`pages` > ?) AS `count` FROM (SELECT JSON_OBJECT(',
    )
    expect(compiled.sql).toContain('WHERE `t`.`pages` > ? AND `t`.`id` > ? ORDER BY')
    expect(compiler.bindParameters(plan, compiled)).toEqual([100, 100, '7'])
  })

  it.each(['mariadb', 'mysql'] as const)(
    'adds totalCount to nested connections on %s, after the cursor marker',
    (flavor) => {
      const reviews: NestedSelect = {
        name: 'reviews',
        cardinality: 'many',
        table: { name: { schema: 'test', name: 'reviews' }, alias: 't1' },
        linking: undefined,
        join: { kind: 'compare', left: col('t', 'id'), op: 'eq', right: col('t1', 'book_id') },
        parentColumns: [col('t', 'id')],
        columns: [{ name: 'id', column: col('t1', 'id'), type: 'int' }],
        where: { kind: 'compare', left: col('t1', 'id'), op: 'gt', right: { kind: 'param', index: 0 } },
        orderBy: [{ column: col('t1', 'id'), direction: 'asc', nullable: false }],
        page: { limit: 1, fetch: 2, cursorColumns: [col('t1', 'id')], cursor: 0 },
        relations: [],
        count: { where: { kind: 'compare', left: col('t1', 'stars'), op: 'ge', right: { kind: 'param', index: 2 } } },
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
          marker: { kind: 'param', index: 1 },
          value: 'm',
          cursors: [{ entity: 'Review', order: [{ name: 'id', direction: 'asc' }], conceal: false, signed: true }],
        },
        parameters: [
          { value: '3', type: 'int' },
          { value: 'm', type: 'string' },
          { value: 4, type: 'int' },
        ],
      }
      const compiler = new MysqlSqlCompiler(new MysqlServerInfo(flavor))
      const compiled = compiler.compile(plan)
      expect(compiled.sql).toContain(
        "'null'), ', \"totalCount\": ', (SELECT COUNT(*) FROM `test`.`reviews` AS `t1` WHERE `t`.`id` = `t1`.`book_id` AND `t1`.`stars` >= ?), '}')",
      )
      // The marker, then the count's value, then the nested page's filter: the order they stand in the text.
      expect(compiler.bindParameters(plan, compiled)).toEqual(['m', 4, '3'])
    },
  )
})
