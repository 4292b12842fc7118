import { afterAll, describe, expect, it } from 'vitest'
import { qualifiedKey, type CompiledQuery, type Driver, type QualifiedName } from '@sluice/core/dialect'
import { SqliteDriver } from './sqlite-driver.js'
import { SqliteIntrospector } from './sqlite-introspector.js'

const name = (object: string, schema: string | undefined = 'main'): QualifiedName => ({ schema, name: object })
const run = (driver: Driver, sql: string) => driver.execute({ sql, parameters: [] })

describe('SqliteIntrospector.readStatistics', () => {
  const driver = new SqliteDriver({ filename: ':memory:' })
  afterAll(() => driver.destroy())
  const read = (objects: readonly QualifiedName[], on: Driver = driver) =>
    new SqliteIntrospector(on).readStatistics(objects)

  it('knows nothing before ANALYZE: sqlite_stat1 does not exist yet', async () => {
    await run(driver, 'CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INT, code INT UNIQUE, flag INT)')
    await run(driver, 'CREATE INDEX children_parent ON children (parent_id)')
    await run(driver, 'CREATE INDEX children_flag ON children (flag) WHERE flag > 0')
    await run(
      driver,
      `WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < 1000)
      INSERT INTO children SELECT x, x % 10, x, x % 2 FROM s`,
    )
    expect(await read([name('children')])).toEqual({ objects: new Map() })
  })

  it('after ANALYZE reads the rows and, per leading index column, the average rows per value (exactly 1 for a unique column)', async () => {
    await run(driver, 'CREATE TABLE links (a INT NOT NULL, b INT NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID')
    await run(driver, 'INSERT INTO links SELECT id % 50, id FROM children')
    await run(driver, 'CREATE TABLE plain (x INT)')
    await run(driver, 'INSERT INTO plain SELECT id FROM children WHERE id <= 300')
    await run(driver, 'CREATE VIEW children_view AS SELECT id, parent_id FROM children')
    await run(driver, 'ANALYZE')
    const found = await read([
      name('children'),
      name('links'),
      name('plain', undefined),
      name('children_view'),
      name('missing'),
    ])
    const children = found.objects.get(qualifiedKey(name('children')))
    expect(children?.rows).toBe(1000)
    expect(Object.fromEntries(children?.columns ?? [])).toEqual({
      parent_id: { averageRowsPerValue: 100 },
      code: { maxRowsPerValue: 1 },
      // flag's only index is partial: it counts some rows only, so it says nothing about the column
    })
    expect(found.objects.get(qualifiedKey(name('links')))).toEqual({
      rows: 1000,
      columns: new Map([['a', { averageRowsPerValue: 20 }]]),
    })
    // A table without indexes: ANALYZE still counts its rows
    expect(found.objects.get(qualifiedKey(name('plain', undefined)))?.rows).toBe(300)
    expect(found.objects.has(qualifiedKey(name('children_view')))).toBe(false)
    expect(found.objects.has(qualifiedKey(name('missing')))).toBe(false)
  })

  it('reads a schema in two queries however many tables', async () => {
    const sent: CompiledQuery[] = []
    const recording: Driver = {
      init: (options) => driver.init(options),
      transaction: (fn, options) => driver.transaction(fn, options),
      destroy: () => driver.destroy(),
      execute: (query, options) => {
        sent.push(query)
        return driver.execute(query, options)
      },
    }
    await read([name('children'), name('links'), name('plain')], recording)
    expect(sent).toHaveLength(2)
  })
})
