import { beforeAll, expect, it } from 'vitest'
import { qualifiedKey } from '@sluice/core/dialect'
import type { CompiledQuery, DatabaseStatistics, Driver, QualifiedName } from '@sluice/core/dialect'
import { PostgresIntrospector } from '../src/sql/postgres-introspector.js'
import type { IntrospectorTarget } from './introspector-cases.js'

// Autovacuum is off for these tables, so nothing but the test analyzes them (st_never stays unanalyzed).
const NO_AUTOVACUUM = 'WITH (autovacuum_enabled = false)'
const fixture = [
  `CREATE TABLE st_children (id int PRIMARY KEY, parent_id int, pair_id int, note text) ${NO_AUTOVACUUM}`,
  // 1,000 children: 400 of parent 1, the other 600 spread over 100 parents (6 each); pair_id: 500 values, 2 rows each.
  `INSERT INTO st_children SELECT g, CASE WHEN g <= 400 THEN 1 ELSE 2 + g % 100 END, g / 2, NULL FROM generate_series(1, 1000) AS g`,
  `CREATE TABLE st_never (id int PRIMARY KEY, parent_id int) ${NO_AUTOVACUUM}`,
  `INSERT INTO st_never SELECT g, g % 3 FROM generate_series(1, 500) AS g`,
  `CREATE TABLE st_growing (id int PRIMARY KEY, parent_id int) ${NO_AUTOVACUUM}`,
  `INSERT INTO st_growing SELECT g, g % 10 FROM generate_series(1, 1000) AS g`,
  `CREATE VIEW st_view AS SELECT id, parent_id FROM st_children`,
  'ANALYZE st_children',
  'ANALYZE st_growing',
]

/** The statistics reader's behaviour every PostgreSQL-family engine must show; call inside a `describe`. */
export function defineStatisticsCases(getTarget: () => IntrospectorTarget): void {
  let schema = ''
  const name = (object: string, qualified = true): QualifiedName => ({
    schema: qualified ? schema : undefined,
    name: object,
  })
  const read = (objects: readonly QualifiedName[], driver: Driver = getTarget().driver): Promise<DatabaseStatistics> =>
    new PostgresIntrospector(driver).readStatistics(objects)

  beforeAll(async () => {
    const target = getTarget()
    schema = target.schema
    for (const sql of fixture) await target.driver.execute({ sql, parameters: [] })
  })

  it("reads an analyzed table's rows and, per column, the most rows one value has: the most common value, or the rows per value of the rest", async () => {
    const children = (await read([name('st_children')])).objects.get(qualifiedKey(name('st_children')))
    expect(children?.rows).toBe(1000)
    const most = (column: string) => children?.columns.get(column)?.maxRowsPerValue
    expect(most('parent_id')).toBeCloseTo(400, 3)
    expect(most('pair_id')).toBeCloseTo(2, 3)
    expect(most('id')).toBeCloseTo(1, 3)
    // A column that is all NULL has no value to join on: no figure.
    expect(children?.columns.has('note')).toBe(false)
  })

  it('leaves out what the planner has no estimate for: a table never analyzed, a view, an object that does not exist', async () => {
    const found = await read([name('st_never'), name('st_view'), name('st_missing'), name('st_children')])
    expect([...found.objects.keys()]).toEqual([qualifiedKey(name('st_children'))])
  })

  it('resolves an unqualified name in the current schema, keyed as requested', async () => {
    const found = await read([name('st_children', false)])
    expect(found.objects.get(qualifiedKey(name('st_children', false)))?.rows).toBe(1000)
  })

  it("scales the figures to the table's size now, as the planner does, so growth shows before the next ANALYZE", async () => {
    const { driver } = getTarget()
    await driver.execute({
      sql: 'INSERT INTO st_growing SELECT g, g % 10 FROM generate_series(1001, 3000) AS g',
      parameters: [],
    })
    const growing = (await read([name('st_growing')])).objects.get(qualifiedKey(name('st_growing')))
    expect(growing?.rows).toBeGreaterThan(2500)
    expect(growing?.rows).toBeLessThan(3500)
    // 10 values, 100 rows each when analyzed: now about 300 each
    expect(growing?.columns.get('parent_id')?.maxRowsPerValue).toBeGreaterThan(250)
  })

  it('reads every object in one query', async () => {
    const sent: CompiledQuery[] = []
    const { driver } = getTarget()
    const recording: Driver = {
      init: (options) => driver.init(options),
      transaction: (fn, options) => driver.transaction(fn, options),
      destroy: () => driver.destroy(),
      execute: (query, options) => {
        sent.push(query)
        return driver.execute(query, options)
      },
    }
    await read([name('st_children'), name('st_never'), name('st_growing'), name('st_view')], recording)
    expect(sent).toHaveLength(1)
    expect(await read([], recording)).toEqual({ objects: new Map() })
    expect(sent).toHaveLength(1)
  })
}
