import { randomBytes } from 'node:crypto'
import { createMariaDbTestDatabase, MARIADB_URL } from '../../test/support/create-mariadb-test-database.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mysql from 'mysql2/promise'
import { parseConnectionString, type ColumnRef, type NestedSelect, type SelectPlan } from '@sluice/core/dialect'
import { buildMysqlPoolOptions } from '../build-mysql-pool-options.js'
import { MysqlDialect } from '../mysql-dialect.js'
import type { MysqlDriver } from '../mysql-driver.js'

/**
 * Answers past the session's text limit on the MariaDB on this machine (`SLUICE_MARIADB_URL`), through a caller's
 * pool whose sessions keep `group_concat_max_len` at 2,048 bytes: GROUP_CONCAT then cuts its text there with a
 * warning — at a character boundary, or exactly after a record, where the cut text is still valid JSON — and CONCAT
 * does not turn that into NULL (the packet limit is far). Each such answer's `data` must be `''` (too large), never a
 * cut or short text. Skips when MariaDB is unreachable, except under CI=true.
 */
const database = `sluice_l_${randomBytes(5).toString('hex')}`
const LIMIT = 2048
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
  await admin.query(`CREATE TABLE ${db}.c (id INT PRIMARY KEY, p_id INT NOT NULL, body VARCHAR(1000) NOT NULL)
    CHARACTER SET utf8mb4`)
  await admin.query(`CREATE TABLE ${db}.g (id INT PRIMARY KEY, c_id INT NOT NULL)`)
  await admin.query(`INSERT INTO ${db}.p VALUES (1, 'multibyte'), (2, 'exact'), (3, 'small'), (4, 'deep')`)
  // Parent 1: 40 distinct bodies of 30 four-byte characters. Parent 2: records of exactly 682 bytes, so that three
  // of them and their separators fill 2,048 bytes: a text with ',' between records is cut right after the third.
  await admin.query(`INSERT INTO ${db}.c SELECT seq, 1, CONCAT(seq, REPEAT(_utf8mb4 0xF09F9880, 30))
    FROM seq_100_to_139`)
  await admin.query(`INSERT INTO ${db}.c SELECT seq, 2, REPEAT('x', 682 - LENGTH(JSON_OBJECT('id', seq, 'body', '')))
    FROM seq_200_to_205`)
  await admin.query(`INSERT INTO ${db}.c VALUES (300, 3, 'a'), (301, 3, 'b'), (400, 4, 'c'), (401, 4, 'd')`)
  // Parent 4's child 401 has 300 children of its own: its nested page alone passes the limit.
  await admin.query(`INSERT INTO ${db}.g SELECT seq, 401 FROM seq_10000_to_10299`)
  await admin.query(`INSERT INTO ${db}.g VALUES (1, 400)`)
  const settings = parseConnectionString(`${MARIADB_URL.replace(/\/[^/]*$/, '')}/${database}`)
  pool = mysql.createPool({ ...buildMysqlPoolOptions(settings), connectionLimit: 1 })
  pool.pool.on('connection', (connection) => {
    connection.query(`SET SESSION group_concat_max_len = ${LIMIT}`, () => undefined)
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
const param = (index: number) => ({ kind: 'param' as const, index })
const table = (name: string, alias: string) => ({ name: { schema: database, name }, alias })
const byId = (alias: string) => [{ column: ref(alias, 'id'), direction: 'asc' as const, nullable: false }]
const idOf = (alias: string) => ({ name: 'id', column: ref(alias, 'id'), type: 'int' as const })
const bodyOf = (alias: string) => ({ name: 'body', column: ref(alias, 'body'), type: 'string' as const })
const equalsParameter = (alias: string, column: string) =>
  ({ kind: 'compare', left: ref(alias, column), op: 'eq', right: param(0) }) as const

/** A nested page of the first `limit` rows of `name` whose `foreignKey` is the id of `parent`'s row. */
function nestedPage(
  name: string,
  parent: string,
  foreignKey: string,
  limit: number,
  relations: NestedSelect[] = [],
): NestedSelect {
  const alias = `${parent}_r0`
  const columns = name === 'c' ? [idOf(alias), bodyOf(alias)] : [idOf(alias)]
  return {
    name,
    cardinality: 'many',
    table: table(name, alias),
    linking: undefined,
    columns,
    relations,
    join: { kind: 'compare', left: ref(alias, foreignKey), op: 'eq', right: ref(parent, 'id') },
    parentColumns: [ref(parent, 'id')],
    where: undefined,
    orderBy: byId(alias),
    page: { limit, fetch: limit + 1, cursorColumns: [ref(alias, 'id')], cursor: 0, pageInfo: false },
  }
}

/** The children (ids and bodies) of `p`'s row `t`, each with its first `grandchildren` children when given. */
function children(grandchildren?: number): NestedSelect {
  const nested = grandchildren === undefined ? [] : [nestedPage('g', 't_r0', 'c_id', grandchildren)]
  return nestedPage('c', 't', 'p_id', 1000, nested)
}

/** The parent with id `id` and its nested relationships. */
function parent(id: number, relations: NestedSelect[]): SelectPlan {
  return {
    kind: 'select',
    shapeKey: 'k',
    table: table('p', 't'),
    columns: [{ name: 'name', column: ref('t', 'name'), type: 'string' }],
    where: equalsParameter('t', 'id'),
    orderBy: [],
    result: { mode: 'single' },
    relations,
    parameters: [{ value: id, type: 'int' }],
  }
}

/** A page of the children of parent `parentId`. */
function childPage(parentId: number): SelectPlan {
  return {
    kind: 'select',
    shapeKey: 'k',
    table: table('c', 't'),
    columns: [idOf('t'), bodyOf('t')],
    where: equalsParameter('t', 'p_id'),
    orderBy: byId('t'),
    result: { mode: 'page', limit: 100, fetch: 101, cursorColumns: [ref('t', 'id')] },
    parameters: [{ value: parentId, type: 'int' }],
  }
}

/** The children of parent `parentId` grouped by body, counted. */
function bodyGroups(parentId: number): SelectPlan {
  return {
    kind: 'select',
    shapeKey: 'k',
    table: table('c', 't'),
    columns: [],
    orderBy: [],
    result: { mode: 'single' },
    where: equalsParameter('t', 'p_id'),
    aggregate: {
      groupBy: [{ name: 'body', column: ref('t', 'body'), type: 'string' }],
      aggregations: [{ name: 'count', function: 'count', column: ref('t', 'id'), distinct: false, having: [] }],
      limit: 100,
      offset: undefined,
      order: [{ column: ref('x', 'g0'), direction: 'asc', nullable: true }],
    },
    parameters: [{ value: parentId, type: 'int' }],
  }
}

/** The statement's `data` (undefined without a row). */
async function data(plan: SelectPlan): Promise<unknown> {
  const compiler = dialect.createCompiler()
  const compiled = compiler.compile(plan)
  const parameters = compiler.bindParameters(plan, compiled)
  const { rows } = await driver!.execute<{ data: unknown }>({ sql: compiled.sql, parameters })
  return rows[0]?.data
}

describe('MySQL family statements past the session text limit (MariaDB, group_concat_max_len = 2048)', () => {
  it("a root page past the limit is '', not a cut text; a small or empty page is read", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(await data(childPage(1))).toBe('')
    expect(JSON.parse(String(await data(childPage(3))))).toEqual([
      { id: 300, body: 'a' },
      { id: 301, body: 'b' },
    ])
    expect(await data(childPage(99))).toBeNull()
  })

  it("a nested page cut right after a record (still valid JSON) is '', not a short page", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(await data(parent(2, [children()]))).toBe('')
    expect(await data(parent(1, [children()]))).toBe('')
    expect(JSON.parse(String(await data(parent(3, [children()]))))).toEqual({
      name: 'small',
      c: {
        items: [
          { id: 300, body: 'a' },
          { id: 301, body: 'b' },
        ],
      },
    })
  })

  it("a nested page past the limit inside another nested page makes the whole answer ''", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(await data(parent(4, [children(1000)]))).toBe('')
    expect(JSON.parse(String(await data(parent(4, [children(2)]))))).toEqual({
      name: 'deep',
      c: {
        items: [
          { id: 400, body: 'c', g: { items: [{ id: 1 }] } },
          { id: 401, body: 'd', g: { items: [{ id: 10000 }, { id: 10001 }] } },
        ],
      },
    })
  })

  it("groups past the limit are ''; a small or empty grouping is read", async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    expect(await data(bodyGroups(1))).toBe('')
    expect(JSON.parse(String(await data(bodyGroups(3))))).toEqual([
      { fields: { body: 'a' }, aggregations: { count: 1 } },
      { fields: { body: 'b' }, aggregations: { count: 1 } },
    ])
    expect(await data(bodyGroups(99))).toBe('[]')
  })
})
