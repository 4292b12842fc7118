import { randomBytes } from 'node:crypto'
import { createMariaDbTestDatabase, MARIADB_URL } from '../../test/support/create-mariadb-test-database.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mysql from 'mysql2/promise'
import {
  parseConnectionString,
  qualifiedKey,
  type CompiledQuery,
  type Driver,
  type QualifiedName,
} from '@sluice/core/dialect'
import { MysqlDialect } from '../mysql-dialect.js'
import type { MysqlIntrospector } from './mysql-introspector.js'

/**
 * `readStatistics` against the MariaDB on this machine (`SLUICE_MARIADB_URL`), in a database of its own. Skips when
 * MariaDB is unreachable, except under CI=true.
 */
const database = `sluice_t_${randomBytes(5).toString('hex')}`
let admin: mysql.Pool
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbTestDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  const table = (name: string) => `\`${database}\`.\`${name}\``
  await admin.query(
    `CREATE TABLE ${table('children')} (id INT PRIMARY KEY, parent_id INT, code INT, note TEXT, KEY by_parent (parent_id), UNIQUE KEY by_code (code))`,
  )
  // 1,000 children over 10 parents (100 each); code unique.
  await admin.query(`INSERT INTO ${table('children')} SELECT seq, seq % 10, seq, NULL FROM seq_1_to_1000`)
  await admin.query(`CREATE TABLE ${table('links')} (a INT NOT NULL, b INT NOT NULL, PRIMARY KEY (a, b))`)
  await admin.query(`INSERT INTO ${table('links')} SELECT seq % 50, seq FROM seq_1_to_1000`)
  await admin.query(`CREATE TABLE ${table('empty')} (id INT PRIMARY KEY, parent_id INT, KEY by_parent (parent_id))`)
  await admin.query(`CREATE VIEW ${table('children_view')} AS SELECT id, parent_id FROM ${table('children')}`)
  await admin.query(`ANALYZE TABLE ${table('children')}, ${table('links')}`)
})

afterAll(async () => {
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin.end()
})

describe('MysqlIntrospector.readStatistics on MariaDB', () => {
  const target = new URL(MARIADB_URL)
  target.pathname = `/${database}`
  const dialect = new MysqlDialect({ connection: parseConnectionString(target.toString()) })
  let driver: Driver
  let introspector: MysqlIntrospector
  const name = (object: string, schema: string | undefined = database): QualifiedName => ({ schema, name: object })

  beforeAll(async () => {
    if (unavailable !== undefined) return
    driver = dialect.createDriver()
    await driver.init()
    introspector = dialect.createIntrospector(driver)
  })
  afterAll(async () => {
    await driver?.destroy()
  })

  it('reads the rows and, per leading index column, rows per value: an average from the cardinality, exactly 1 for a unique column', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const found = await introspector.readStatistics([name('children'), name('links')])
    const children = found.objects.get(qualifiedKey(name('children')))
    expect(children?.rows).toBe(1000)
    // 10 values of 100 rows each; InnoDB samples index pages, so its cardinality is an estimate
    const parent = children?.columns.get('parent_id')?.averageRowsPerValue
    expect(parent).toBeGreaterThanOrEqual(20)
    expect(parent).toBeLessThanOrEqual(200)
    expect(children?.columns.get('code')).toEqual({ maxRowsPerValue: 1 })
    expect(children?.columns.get('id')).toEqual({ maxRowsPerValue: 1 })
    expect(children?.columns.has('note')).toBe(false)
    // A composite primary key: its first column is not unique (50 values, 20 rows each)
    const links = found.objects.get(qualifiedKey(name('links')))
    expect(links?.rows).toBe(1000)
    expect(links?.columns.get('a')?.averageRowsPerValue).toBeGreaterThanOrEqual(5)
    expect(links?.columns.get('a')?.averageRowsPerValue).toBeLessThanOrEqual(40)
    expect(links?.columns.has('b')).toBe(false)
  })

  it('leaves out a view, a table the catalog counts as empty and an object that does not exist; resolves unqualified names in the current database', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const found = await introspector.readStatistics([
      name('children_view'),
      name('empty'),
      name('missing'),
      name('children', undefined),
    ])
    expect([...found.objects.keys()]).toEqual([qualifiedKey(name('children', undefined))])
  })

  it('reads every object in one query', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
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
    await dialect
      .createIntrospector(recording)
      .readStatistics([name('children'), name('links'), name('empty'), name('children_view')])
    expect(sent).toHaveLength(1)
  })
})
