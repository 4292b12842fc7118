import { afterAll, describe, expect, it } from 'vitest'
import type { ColumnRef, InsertPlan, QueryPlan, ReturnedRecord, SelectPlan, UpdatePlan } from '@sluice/core/dialect'
import { SqliteColumnDefaults } from './sqlite-column-defaults.js'
import { SqliteDriver } from './sqlite-driver.js'
import { SqliteSqlCompiler } from './sqlite-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const p = (index: number) => ({ kind: 'param' as const, index })
const table = { name: { schema: 'main', name: 'books' }, alias: 't' }
const returning: ReturnedRecord = {
  columns: [
    { name: 'id', column: col('id'), type: 'long' },
    { name: 'done', column: col('done'), type: 'boolean' },
    { name: 'note', column: col('note'), type: 'string' },
  ],
  visible: undefined,
  keyColumns: [col('id')],
}

describe('SqliteSqlCompiler, run on a real in-memory database', () => {
  const driver = new SqliteDriver({ filename: ':memory:' })
  const defaults = new SqliteColumnDefaults()
  defaults.set(table.name, new Map([['note', "'none'"]]))
  const compiler = new SqliteSqlCompiler(defaults)
  const run = async (plan: QueryPlan) => {
    const compiled = compiler.compile(plan)
    return {
      sql: compiled.sql,
      rows: (await driver.execute({ sql: compiled.sql, parameters: compiler.bindParameters(plan, compiled) })).rows,
    }
  }
  afterAll(() => driver.destroy())

  it('inserts without the columns left to their defaults and returns the record and key through RETURNING, exactly', async () => {
    await driver.execute({
      sql: `CREATE TABLE books (id INTEGER PRIMARY KEY, done BOOLEAN NOT NULL, note TEXT DEFAULT 'none', at DATETIME)`,
      parameters: [],
    })
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'i',
      table,
      returning,
      guard: undefined,
      values: [
        { column: 'id', value: p(0) },
        { column: 'done', value: p(1) },
        { column: 'note', value: { kind: 'default' } },
        { column: 'at', value: p(2) },
      ],
      parameters: [
        { value: '9007199254740993', type: 'long' },
        { value: true, type: 'boolean' },
        { value: '2024-01-02 03:04:05.100Z', type: 'datetime' },
      ],
    }
    const { sql, rows } = await run(plan)
    expect(sql).toBe(
      `INSERT INTO "main"."books" ("id", "done", "at") VALUES (?, ?, ?) RETURNING json_object('id', "books"."id", 'done', ` +
        `json(CASE WHEN "books"."done" IS NULL THEN 'null' WHEN "books"."done" THEN 'true' ELSE 'false' END), 'note', "books"."note") AS "data", ` +
        `json_array(CAST("books"."id" AS TEXT)) AS "key"`,
    )
    expect(rows).toEqual([{ data: '{"id":9007199254740993,"done":true,"note":"none"}', key: '["9007199254740993"]' }])
    expect((await driver.execute({ sql: 'SELECT at FROM books', parameters: [] })).rows).toEqual([
      { at: '2024-01-02T03:04:05.1' },
    ])
  })

  it('resets a column to its default expression on update (SQLite has no DEFAULT in SET)', async () => {
    const plan: UpdatePlan = {
      kind: 'update',
      shapeKey: 'u',
      table,
      returning,
      set: [
        { column: 'note', value: { kind: 'default' } },
        { column: 'done', value: p(0) },
      ],
      where: { kind: 'compare', left: col('id'), op: 'eq', right: p(1) },
      parameters: [
        { value: false, type: 'boolean' },
        { value: '9007199254740993', type: 'long' },
      ],
    }
    const { sql, rows } = await run(plan)
    expect(sql).toContain(`UPDATE "main"."books" AS "t" SET "note" = ('none'), "done" = ? WHERE "t"."id" = ? RETURNING`)
    expect(rows[0]).toMatchObject({ data: '{"id":9007199254740993,"done":false,"note":"none"}' })
  })

  it('builds a page as records separated by a comma and a newline, with the cursor of row `limit` when the output cannot carry it', async () => {
    await driver.execute({ sql: `INSERT INTO books (id, done) VALUES (1, 0), (2, 1), (3, 0)`, parameters: [] })
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 's',
      table,
      columns: [{ name: 'note', column: col('note'), type: 'string' }],
      where: { kind: 'compare', left: col('id'), op: 'lt', right: p(0) },
      orderBy: [{ column: col('id'), direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 2, fetch: 3, cursorColumns: [col('id')] },
      parameters: [{ value: '100', type: 'long' }],
    }
    const { rows } = await run(plan)
    expect(rows).toEqual([{ data: '[{"note":"none"},\n{"note":"none"},\n{"note":"none"}]', cursor: '["2"]' }])
  })

  it('compares a date column with a date-time column as the other engines do: the date is its midnight', async () => {
    await driver.execute({
      sql: 'CREATE TABLE days (id INTEGER PRIMARY KEY, day DATE NOT NULL, at DATETIME NOT NULL)',
      parameters: [],
    })
    await driver.execute({
      sql: `INSERT INTO days VALUES (1, '2000-02-29', '2000-02-29T00:00:00'), (2, '2000-02-29', '2000-02-29T00:00:00.5'), (3, '2000-03-01', '2000-02-29T12:00:00')`,
      parameters: [],
    })
    const days = { name: { schema: 'main', name: 'days' }, alias: 'd' }
    defaults.set(
      days.name,
      new Map(),
      new Map([
        ['id', 'long'],
        ['day', 'date'],
        ['at', 'datetime'],
      ]),
    )
    const c = (column: string): ColumnRef => ({ kind: 'column', table: 'd', column })
    const ids = async (op: 'eq' | 'lt' | 'gt', left: ColumnRef, right: ColumnRef) => {
      const plan: SelectPlan = {
        kind: 'select',
        shapeKey: `d-${op}`,
        table: days,
        columns: [{ name: 'id', column: c('id'), type: 'long' }],
        where: { kind: 'compare', left, op, right },
        orderBy: [{ column: c('id'), direction: 'asc', nullable: false }],
        result: { mode: 'page', limit: 10, fetch: 11, cursorColumns: [c('id')] },
        parameters: [],
      }
      return JSON.parse(String((await run(plan)).rows[0]!['data'] ?? '[]')).map((r: { id: number }) => r.id)
    }
    expect(await ids('eq', c('day'), c('at'))).toEqual([1])
    expect(await ids('lt', c('day'), c('at'))).toEqual([2])
    expect(await ids('gt', c('at'), c('day'))).toEqual([2])
  })

  it('aggregates into one JSON array of groups ordered by the group columns, NULL first, with HAVING on a fractional bound', async () => {
    await driver.execute({
      sql: 'CREATE TABLE sales (id INTEGER PRIMARY KEY, region TEXT, paid BOOLEAN, amount REAL)',
      parameters: [],
    })
    await driver.execute({
      sql: `INSERT INTO sales VALUES (1, 'north', 1, 10), (2, 'north', 1, 10), (3, NULL, 0, 5), (4, 'east', 0, 2.5), (5, 'north', 0, 1)`,
      parameters: [],
    })
    const sales = { name: { schema: 'main', name: 'sales' }, alias: 't' }
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'a',
      table: sales,
      columns: [],
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'compare', left: col('id'), op: 'lt', right: p(0) },
      aggregate: {
        groupBy: [
          { name: 'region', column: col('region'), type: 'string' },
          { name: 'paid', column: col('paid'), type: 'boolean' },
        ],
        aggregations: [
          { name: 'n', function: 'count', column: col('id'), distinct: false, having: [{ op: 'ge', values: [p(1)] }] },
          { name: 'total', function: 'sum', column: col('amount'), distinct: false, having: [] },
          { name: 'amounts', function: 'count', column: col('amount'), distinct: true, having: [] },
        ],
        limit: 100,
        offset: undefined,
        order: [
          { column: { kind: 'column', table: 'x', column: 'g0' }, direction: 'asc', nullable: true },
          { column: { kind: 'column', table: 'x', column: 'g1' }, direction: 'asc', nullable: true },
        ],
      },
      parameters: [
        { value: 6, type: 'int' },
        { value: 0.5, type: 'float' },
      ],
    }
    const { rows } = await run(plan)
    expect(JSON.parse(String(rows[0]!['data']))).toEqual([
      { fields: { region: null, paid: false }, aggregations: { n: 1, total: 5, amounts: 1 } },
      { fields: { region: 'east', paid: false }, aggregations: { n: 1, total: 2.5, amounts: 1 } },
      { fields: { region: 'north', paid: false }, aggregations: { n: 1, total: 1, amounts: 1 } },
      { fields: { region: 'north', paid: true }, aggregations: { n: 2, total: 20, amounts: 1 } },
    ])
    const none = await run({
      ...plan,
      parameters: [
        { value: 6, type: 'int' },
        { value: 2.5, type: 'float' },
      ],
    })
    expect(JSON.parse(String(none.rows[0]!['data']))).toEqual([])
  })

  it('compares a folded value by code point even against a NOCASE column (the explicit BINARY collation wins)', async () => {
    await driver.execute({
      sql: 'CREATE TABLE labels (id INTEGER PRIMARY KEY, label TEXT COLLATE NOCASE)',
      parameters: [],
    })
    await driver.execute({ sql: `INSERT INTO labels VALUES (1, 'A'), (2, 'b')`, parameters: [] })
    const labels = { name: { schema: 'main', name: 'labels' }, alias: 'l' }
    const label = { kind: 'column' as const, table: 'l', column: 'label' }
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'fold',
      table: labels,
      columns: [{ name: 'id', column: { kind: 'column', table: 'l', column: 'id' }, type: 'long' }],
      where: { kind: 'compare', left: { kind: 'caseFold', fold: 'lower', operand: label }, op: 'eq', right: label },
      orderBy: [{ column: { kind: 'column', table: 'l', column: 'id' }, direction: 'asc', nullable: false }],
      result: { mode: 'page', limit: 10, fetch: 11, cursorColumns: [{ kind: 'column', table: 'l', column: 'id' }] },
      parameters: [],
    }
    // tolower('A') is 'a', which is not 'A' by code point; 'b' folds to itself.
    expect(JSON.parse(String((await run(plan)).rows[0]!['data']))).toEqual([{ id: 2 }])
  })
})
