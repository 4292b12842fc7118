import { randomBytes } from 'node:crypto'
import { createMariaDbTestDatabase, MARIADB_URL } from '../../test/support/create-mariadb-test-database.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mysql from 'mysql2/promise'
import { parseConnectionString, type ColumnRef, type NestedSelect, type SelectPlan } from '@sluice/core/dialect'
import { buildMysqlPoolOptions } from '../build-mysql-pool-options.js'
import { MysqlDialect } from '../mysql-dialect.js'
import type { MysqlDriver } from '../mysql-driver.js'

/**
 * MariaDB's nested values that hold relationships (pages built only for their rows, to-one records built once, pages
 * checked without JSON_VALID), on the MariaDB on this machine (`SLUICE_MARIADB_URL`), through a pool whose sessions
 * keep `group_concat_max_len` at 2,048 bytes: what cannot be built still makes `data` `''`, and a chain deeper than
 * MariaDB's 32 levels of JSON nesting is read. Skips when MariaDB is unreachable, except under CI=true.
 */
const database = `sluice_n_${randomBytes(5).toString('hex')}`
let admin: mysql.Pool
let pool: mysql.Pool | undefined
let driver: MysqlDriver | undefined
let dialect: MysqlDialect
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbTestDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  const db = `\`${database}\``
  await admin.query(`CREATE TABLE ${db}.p (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL)`)
  await admin.query(
    `CREATE TABLE ${db}.c (id INT PRIMARY KEY, p_id INT NOT NULL, body VARCHAR(100) NOT NULL, KEY (p_id))`,
  )
  await admin.query(`INSERT INTO ${db}.p VALUES (1, 'big'), (2, 'small')`)
  // Parent 1: 40 children of 100 bytes (4 KB, past the limit); parent 2: two short ones; child 9 has no parent.
  await admin.query(`INSERT INTO ${db}.c SELECT seq, 1, REPEAT('x', 100) FROM seq_100_to_139`)
  await admin.query(`INSERT INTO ${db}.c VALUES (1, 2, 'a'), (2, 2, 'b'), (9, 99, 'orphan')`)
  const settings = parseConnectionString(`${MARIADB_URL.replace(/\/[^/]*$/, '')}/${database}`)
  pool = mysql.createPool({ ...buildMysqlPoolOptions(settings), connectionLimit: 1 })
  pool.pool.on('connection', (connection) => {
    connection.query('SET SESSION group_concat_max_len = 2048', () => undefined)
  })
  dialect = new MysqlDialect({ pool })
  driver = dialect.createDriver() as MysqlDriver
  await driver.init()
})

afterAll(async () => {
  await driver?.destroy()
  await pool?.end()
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin.end()
})

const ref = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
const table = (name: string, alias: string) => ({ name: { schema: database, name }, alias })
const byId = (alias: string) => [{ column: ref(alias, 'id'), direction: 'asc' as const, nullable: false }]
const idOf = (alias: string) => ({ name: 'id', column: ref(alias, 'id'), type: 'int' as const })

/** A child's parent (to-one), with `relations` under it. */
function parentOf(child: string, alias: string, relations: NestedSelect[]): NestedSelect {
  return {
    name: 'parent',
    cardinality: 'one',
    table: table('p', alias),
    linking: undefined,
    columns: [idOf(alias)],
    relations,
    join: { kind: 'compare', left: ref(alias, 'id'), op: 'eq', right: ref(child, 'p_id') },
    parentColumns: [ref(child, 'p_id')],
    where: undefined,
    orderBy: byId(alias),
    page: undefined,
  }
}

/** A parent's first `limit` children (ids and bodies), with `relations` under each. */
function childrenOf(parent: string, alias: string, limit: number, relations: NestedSelect[]): NestedSelect {
  return {
    name: 'children',
    cardinality: 'many',
    table: table('c', alias),
    linking: undefined,
    relations,
    columns: [idOf(alias), { name: 'body', column: ref(alias, 'body'), type: 'string' }],
    join: { kind: 'compare', left: ref(alias, 'p_id'), op: 'eq', right: ref(parent, 'id') },
    parentColumns: [ref(parent, 'id')],
    where: undefined,
    orderBy: byId(alias),
    page: { limit, fetch: limit + 1, cursorColumns: [ref(alias, 'id')], cursor: 0, pageInfo: false },
  }
}

/** Child `id` by key, with `relations`. */
function child(id: number, relations: NestedSelect[]): SelectPlan {
  return {
    kind: 'select',
    shapeKey: 'k',
    table: table('c', 't'),
    columns: [idOf('t')],
    orderBy: [],
    result: { mode: 'single' },
    relations,
    where: { kind: 'compare', left: ref('t', 'id'), op: 'eq', right: { kind: 'param', index: 0 } },
    parameters: [{ value: id, type: 'int' }],
  }
}

/** The statement's `data`. */
async function data(plan: SelectPlan): Promise<unknown> {
  const compiler = dialect.createCompiler()
  const compiled = compiler.compile(plan)
  const { rows } = await driver!.execute<{ data: unknown }>({
    sql: compiled.sql,
    parameters: compiler.bindParameters(plan, compiled),
  })
  return rows[0]?.data
}

describe('MariaDB nested values holding relationships (group_concat_max_len = 2048)', () => {
  it("a to-one record whose nested page is past the limit makes the answer ''; a small one is read, a missing one null", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const plan = (id: number) => child(id, [parentOf('t', 't1', [childrenOf('t1', 't2', 100, [])])])
    expect(await data(plan(100))).toBe('')
    expect(JSON.parse(String(await data(plan(1))))).toEqual({
      id: 1,
      parent: {
        id: 2,
        children: {
          items: [
            { id: 1, body: 'a' },
            { id: 2, body: 'b' },
          ],
        },
      },
    })
    expect(JSON.parse(String(await data(plan(9))))).toEqual({ id: 9, parent: null })
  })

  it("a page whose record (built only for the page's rows) could not be built is ''", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    // Child 1's siblings → their parent → its children: for child 100, every sibling's record is past the limit.
    const plan = (id: number, limit: number) =>
      child(id, [
        parentOf('t', 't1', [childrenOf('t1', 't2', limit, [parentOf('t2', 't3', [childrenOf('t3', 't4', 100, [])])])]),
      ])
    expect(await data(plan(100, 1))).toBe('')
    const small = {
      id: 2,
      children: {
        items: [
          { id: 1, body: 'a' },
          { id: 2, body: 'b' },
        ],
      },
    }
    expect(JSON.parse(String(await data(plan(1, 1))))).toEqual({
      id: 1,
      parent: { id: 2, children: { items: [{ id: 1, body: 'a', parent: small }] } },
    })
  })

  it("reads a chain deeper than MariaDB's 32 levels of JSON nesting", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    // 12 × (to-one parent, page of one child): 48 levels of JSON under the root record.
    const childAlias = (level: number) => (level === 0 ? 't' : `t${2 * level}`)
    let relations: NestedSelect[] = []
    for (let level = 12; level > 0; level--) {
      relations = [
        parentOf(childAlias(level - 1), `t${2 * level - 1}`, [
          childrenOf(`t${2 * level - 1}`, childAlias(level), 1, relations),
        ]),
      ]
    }
    let node = JSON.parse(String(await data(child(1, relations))))
    for (let level = 1; level <= 12; level++) {
      expect(node.parent.id, `level ${level}`).toBe(2)
      node = node.parent.children.items[0]
      expect(node).toMatchObject({ id: 1, body: 'a' })
    }
  })
})
