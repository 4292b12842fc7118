import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { PGliteDriver } from '../src/pglite-driver.js'
import type { PGliteLike } from '../src/pglite-driver-config.js'

describe('PGliteDriver', () => {
  const driver = new PGliteDriver({ dataDir: undefined })
  const run = (sql: string, parameters: unknown[] = []) => driver.execute({ sql, parameters })

  beforeAll(async () => {
    await driver.init()
    await run('CREATE TABLE accounts (id int PRIMARY KEY, balance numeric(12,2) NOT NULL)')
  })
  afterAll(() => driver.destroy())

  it('returns dates, times, int8 and numeric as strings, as the PostgreSQL driver does', async () => {
    const { rows } = await run(`SELECT '2024-02-29'::date AS d, '2024-02-29 10:11:12.345'::timestamp AS ts,
      '2024-02-29 10:11:12+02'::timestamptz AT TIME ZONE 'UTC' AS ts_utc, '10:11:12'::time AS t, '10:11:12+02'::timetz AS ttz,
      '1 day 2 hours'::interval AS i, 9007199254740993::int8 AS big, 12345678901234567890.123456789::numeric AS n,
      ARRAY['2024-01-01'::date] AS ds, ARRAY[9007199254740993::int8] AS bigs, 42::int4 AS small, '{"a":1}'::jsonb AS j`)
    expect(rows[0]).toEqual({
      d: '2024-02-29',
      ts: '2024-02-29 10:11:12.345',
      ts_utc: '2024-02-29 08:11:12',
      t: '10:11:12',
      ttz: '10:11:12+02',
      i: '1 day 02:00:00',
      big: '9007199254740993',
      n: '12345678901234567890.123456789',
      ds: ['2024-01-01'],
      bigs: ['9007199254740993'],
      small: 42,
      j: { a: 1 },
    })
  })

  it('runs named queries (PGlite has no prepared statement cache, the name is ignored)', async () => {
    const query = { sql: 'SELECT $1::int + 1 AS next', parameters: [1], name: 'sluice_test_next' }
    expect((await driver.execute(query)).rows).toEqual([{ next: 2 }])
    expect((await driver.execute({ ...query, parameters: [41] })).rows).toEqual([{ next: 42 }])
  })

  it('commits a transaction and reports affected rows', async () => {
    const affected = await driver.transaction(
      async (connection) => {
        const inserted = await connection.execute({
          sql: 'INSERT INTO accounts VALUES (1, 10), (2, 20)',
          parameters: [],
        })
        return inserted.affectedRows
      },
      { isolation: 'serializable' },
    )
    expect(affected).toBe(2)
    expect((await run('SELECT id, balance FROM accounts ORDER BY id')).rows).toEqual([
      { id: 1, balance: '10.00' },
      { id: 2, balance: '20.00' },
    ])
    expect((await run('UPDATE accounts SET balance = balance + 1')).affectedRows).toBe(2)
    expect((await run('SELECT 1')).affectedRows).toBeUndefined()
  })

  it('rolls back when the callback fails, and rethrows its error', async () => {
    const failure = new Error('callback failed')
    await expect(
      driver.transaction(
        async (connection) => {
          await connection.execute({ sql: 'INSERT INTO accounts VALUES (3, 30)', parameters: [] })
          throw failure
        },
        { isolation: 'read committed' },
      ),
    ).rejects.toBe(failure)
    await expect(
      driver.transaction(async (connection) => {
        await connection.execute({ sql: 'INSERT INTO accounts VALUES (4, 40)', parameters: [] })
        await connection.execute({ sql: 'INSERT INTO accounts VALUES (4, 40)', parameters: [] })
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await run('SELECT count(*)::int AS n FROM accounts WHERE id IN (3, 4)')).rows).toEqual([{ n: 0 }])
  })

  it('keeps other statements out of a running transaction', async () => {
    let release = (): void => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const inTransaction = driver.transaction(async (connection) => {
      await connection.execute({ sql: 'INSERT INTO accounts VALUES (5, 50)', parameters: [] })
      await gate
      throw new Error('roll back')
    })
    const outside = run('SELECT count(*)::int AS n FROM accounts WHERE id = 5')
    release()
    await expect(inTransaction).rejects.toThrow('roll back')
    expect((await outside).rows).toEqual([{ n: 0 }])
  })

  it('rejects an already aborted call before running it', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      driver.execute({ sql: 'INSERT INTO accounts VALUES (6, 60)', parameters: [] }, { signal: controller.signal }),
    ).rejects.toThrow(/abort/i)
    await expect(driver.transaction(async () => 1, { signal: controller.signal })).rejects.toThrow(/abort/i)
    expect((await run('SELECT count(*)::int AS n FROM accounts WHERE id = 6')).rows).toEqual([{ n: 0 }])
  })

  it("keeps the SQLSTATE but not PGlite's minified stack frames", async () => {
    const error = await run('SELECT 1/0').then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: '22012', message: 'division by zero' })
    expect((error as Error).stack).not.toContain('@electric-sql')
    expect((error as Error).stack?.split('\n')[0]).toBe('error: division by zero')
  })
})

describe('PGliteDriver with a caller-owned database', () => {
  it('uses the instance it is given and leaves it open on destroy', async () => {
    const db = await PGlite.create()
    const like: PGliteLike = db // a real PGlite satisfies the structural interface
    const driver = new PGliteDriver({ db: async () => like })
    await driver.init()
    expect((await driver.execute({ sql: 'SELECT 2 AS two', parameters: [] })).rows).toEqual([{ two: 2 }])
    await driver.destroy()
    expect(db.closed).toBe(false)
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    await db.close()
  })

  it('turns an open failure into SLUICE_ERR_DATABASE_CONNECT with a one-line detail', async () => {
    const failure = new Error('could not open data directory\n    at Xe (file:///x/pglite/dist/chunk.js:1:99999)')
    const driver = new PGliteDriver({
      db: async () => {
        throw failure
      },
    })
    const error = await driver.init().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({
      code: 'SLUICE_ERR_DATABASE_CONNECT',
      params: { engine: 'PGlite', detail: 'could not open data directory' },
    })
    expect((error as Error).message).toBe('Cannot connect to the PGlite database: could not open data directory')
  })
})
