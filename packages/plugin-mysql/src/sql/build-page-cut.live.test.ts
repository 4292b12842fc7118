import { randomBytes } from 'node:crypto'
import { createMariaDbTestDatabase } from '../../test/support/create-mariadb-test-database.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mysql from 'mysql2/promise'
import { buildPageCut, type PageCutTerm } from './build-page-cut.js'

/**
 * The page cut on the MariaDB on this machine (`SLUICE_MARIADB_URL`): for orderings with nullable columns in both
 * directions, total or not, and limits below, at and past the row count, the condition holds exactly for the rows at
 * or before row `limit` in Sluice's order (NULL lowest), as computed here. Skips when MariaDB is unreachable, except
 * under CI=true, where it fails.
 */
const database = `sluice_cut_${randomBytes(5).toString('hex')}`
type Row = { readonly id: number; readonly a: number | null; readonly b: string | null }
const ROWS: readonly Row[] = [
  [1, 3, 'b'],
  [2, null, 'a'],
  [3, 3, null],
  [4, 1, 'c'],
  [5, null, null],
  [6, 2, 'b'],
  [7, 3, 'b'],
  [8, 1, null],
  [9, null, 'c'],
  [10, 2, 'a'],
  [11, 3, 'a'],
  [12, null, 'a'],
  [13, 2, null],
  [14, 1, 'c'],
].map(([id, a, b]) => ({ id: id as number, a: a as number | null, b: b as string | null }))
let admin: mysql.Pool
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbTestDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  await admin.query(
    `CREATE TABLE \`${database}\`.r (id INT PRIMARY KEY, a INT NULL, b VARCHAR(5) COLLATE utf8mb4_bin NULL)`,
  )
  await admin.query(`INSERT INTO \`${database}\`.r VALUES ?`, [ROWS.map((r) => [r.id, r.a, r.b])])
})

afterAll(async () => {
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin.end()
})

type Term = { readonly name: keyof Row; readonly direction: 'asc' | 'desc'; readonly nullable: boolean }
const id = (direction: 'asc' | 'desc'): Term => ({ name: 'id', direction, nullable: false })
const a = (direction: 'asc' | 'desc'): Term => ({ name: 'a', direction, nullable: true })
const b = (direction: 'asc' | 'desc'): Term => ({ name: 'b', direction, nullable: true })

/** Sluice's order on one term: NULL lowest, then reversed for descending. */
function compare(x: Row, y: Row, terms: readonly Term[]): number {
  for (const t of terms) {
    const [p, q] = [x[t.name], y[t.name]]
    const low = p === q ? 0 : p === null ? -1 : q === null ? 1 : p < q ? -1 : 1
    if (low !== 0) return t.direction === 'asc' ? low : -low
  }
  return 0
}

const ORDERINGS: readonly (readonly Term[])[] = [
  [id('asc')],
  [id('desc')],
  [a('asc'), id('asc')],
  [a('desc'), id('asc')],
  [a('desc'), b('asc'), id('desc')],
  [b('asc'), a('desc'), id('asc')],
  // Not total (a keyless view's ordering): rows equal to row `limit` on every term are within the cut too.
  [a('asc'), b('desc')],
  [b('desc')],
]

describe('buildPageCut on MariaDB', () => {
  it.each(ORDERINGS.map((terms) => [terms.map((t) => `${t.name} ${t.direction}`).join(', '), terms] as const))(
    'holds for the rows at or before row limit, ordered by %s',
    async (_name, terms) => {
      if (unavailable !== undefined) return
      const column = (t: Term) => `\`x\`.\`${t.name}\``
      const order = terms.map((t) => `${column(t)} ${t.direction.toUpperCase()}`).join(', ')
      const cutTerms: PageCutTerm[] = terms.map((t) => ({
        column: column(t),
        direction: t.direction,
        nullable: t.nullable,
      }))
      const sorted = [...ROWS].sort((x, y) => compare(x, y, terms))
      for (const limit of [1, 2, 3, 5, 8, 14, 20]) {
        const rowValue = (c: string) =>
          `(SELECT ${c} FROM \`${database}\`.r AS \`x\` ORDER BY ${order} LIMIT ${limit - 1}, 1)`
        const cut = buildPageCut(cutTerms, rowValue, () => rowValue('1'))
        const [rows] = await admin.query(
          `SELECT \`x\`.id, IF(${cut}, 1, 0) AS c FROM \`${database}\`.r AS \`x\` ORDER BY \`x\`.id`,
        )
        const rowL = sorted[limit - 1]
        const expected = ROWS.map((r) => ({ id: r.id, c: rowL === undefined || compare(r, rowL, terms) <= 0 ? 1 : 0 }))
        expect(rows, `limit ${limit}`).toEqual(expected)
      }
    },
  )
})
