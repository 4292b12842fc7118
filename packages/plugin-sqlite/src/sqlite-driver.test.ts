import { afterAll, describe, expect, it } from 'vitest'
import { SqliteDriver } from './sqlite-driver.js'

describe('SqliteDriver', () => {
  const driver = new SqliteDriver({ filename: ':memory:' })
  const query = (sql: string, parameters: readonly unknown[] = []) => driver.execute({ sql, parameters })
  afterAll(() => driver.destroy())

  it('returns 64-bit integers exactly and reports changed rows of writes without RETURNING', async () => {
    await query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)')
    expect(await query('INSERT INTO t VALUES (?, ?), (?, ?)', [9223372036854775807n, 'a', 2, 'b'])).toEqual({
      rows: [],
      affectedRows: 2,
    })
    expect((await query('SELECT id FROM t ORDER BY id')).rows).toEqual([{ id: 2n }, { id: 9223372036854775807n }])
  })

  it('rolls a failed transaction back, and keeps other statements out until it ends', async () => {
    const order: string[] = []
    const failing = driver.transaction(async (connection) => {
      await connection.execute({ sql: "INSERT INTO t VALUES (3, 'c')", parameters: [] })
      await new Promise((resolve) => setImmediate(resolve))
      order.push('transaction')
      throw new Error('give up')
    })
    const outside = query('SELECT count(*) AS n FROM t').then((result) => {
      order.push('outside')
      return result.rows
    })
    await expect(failing).rejects.toThrow('give up')
    expect(await outside).toEqual([{ n: 2n }])
    expect(order).toEqual(['transaction', 'outside'])
  })

  it('enforces foreign keys, matches LIKE case-sensitively and folds every script with sluice_lower/sluice_upper', async () => {
    await query('CREATE TABLE c (id INTEGER PRIMARY KEY, t_id INTEGER REFERENCES t(id))')
    await expect(query('INSERT INTO c VALUES (1, 99)')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })
    expect(
      (
        await query(
          `SELECT 'ABC' LIKE '%b%' AS ci, sluice_lower('ÄÖ Ж') AS lower, sluice_upper('straße') AS upper, sluice_base64(x'00ff') AS b64`,
        )
      ).rows,
    ).toEqual([{ ci: 0n, lower: 'äö ж', upper: 'STRASSE', b64: 'AP8=' }])
  })

  it('fails init with a coded connect error when the file cannot be opened', async () => {
    const broken = new SqliteDriver({ filename: '/nonexistent-folder/x.db' })
    await expect(broken.init()).rejects.toMatchObject({ code: 'SLUICE_ERR_DATABASE_CONNECT' })
  })
})
