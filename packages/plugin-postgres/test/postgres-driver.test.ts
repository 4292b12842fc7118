import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConnectionSettings } from '@sluice/core/dialect'
import pg from 'pg'
import { PostgresDriver } from '../src/postgres-driver.js'
import { startAnswerHoldingProxy } from './answer-holding-proxy.js'
import type { PostgresPool } from '../src/postgres-driver-config.js'
import { openPostgresTestSchema, POSTGRES_TEST_URL, type PostgresTestSchema } from './postgres-test-database.js'

// A pg.Pool must satisfy the structural PostgresPool the config declares (checked by the type checker).
const acceptsPgPool = (pool: pg.Pool): PostgresPool => pool
void acceptsPgPool

const unreachable: ConnectionSettings = {
  form: 'url',
  scheme: 'postgresql',
  host: '127.0.0.1',
  port: 1,
  database: 'test',
  user: 'postgres',
  password: 'hunter2-secret',
  options: {},
}

describe('PostgresDriver without a server', () => {
  it('fails init with SLUICE_ERR_DATABASE_CONNECT and a one-line detail without the password', async () => {
    const driver = new PostgresDriver({ connection: unreachable })
    const error = await driver.init().then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toMatchObject({
      code: 'SLUICE_ERR_DATABASE_CONNECT',
      params: { engine: 'PostgreSQL', detail: 'connect ECONNREFUSED 127.0.0.1:1' },
    })
    expect((error as Error).message).toBe('Cannot connect to the PostgreSQL database: connect ECONNREFUSED 127.0.0.1:1')
    expect((error as Error).message).not.toContain('hunter2')
    await driver.destroy()
  })

  it('rejects an already aborted call before touching the pool', async () => {
    let connected = false
    const driver = new PostgresDriver({
      pool: async () => {
        connected = true
        throw new Error('unexpected')
      },
    })
    const controller = new AbortController()
    controller.abort()
    await expect(driver.execute({ sql: 'SELECT 1', parameters: [] }, { signal: controller.signal })).rejects.toThrow(
      /abort/i,
    )
    await expect(driver.transaction(async () => 1, { signal: controller.signal })).rejects.toThrow(/abort/i)
    expect(connected).toBe(false)
  })
})

const opened = await openPostgresTestSchema()
const skipped = 'skipped' in opened ? opened.skipped : undefined
if (skipped !== undefined) console.warn(`Skipping PostgreSQL driver tests: ${skipped}`)

describe.skipIf(skipped !== undefined)(
  `PostgresDriver on PostgreSQL${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    const database = opened as PostgresTestSchema
    const driver = new PostgresDriver({ pool: database.pool })
    const run = (sql: string, parameters: unknown[] = []) => driver.execute({ sql, parameters })

    beforeAll(async () => {
      await driver.init()
      await run('CREATE TABLE accounts (id int PRIMARY KEY, balance numeric(12,2) NOT NULL)')
    })
    afterAll(async () => {
      await driver.destroy() // the pool is the caller's: destroy leaves it open
      await database.drop()
    })

    it('returns dates, times, int8 and numeric as strings', async () => {
      const { rows } = await run(`SELECT '2024-02-29'::date AS d, '2024-02-29 10:11:12.345'::timestamp AS ts,
      '2024-02-29 10:11:12+02'::timestamptz AT TIME ZONE 'UTC' AS ts_utc, '2024-02-29 10:11:12+00'::timestamptz AS tz,
      '10:11:12'::time AS t, '10:11:12+02'::timetz AS ttz, '1 day 2 hours'::interval AS i, 9007199254740993::int8 AS big,
      12345678901234567890.123456789::numeric AS n, ARRAY['2024-01-01'::date] AS ds, ARRAY[9007199254740993::int8] AS bigs,
      42::int4 AS small, '{"a":1}'::jsonb AS j`)
      expect(rows[0]).toMatchObject({
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
      expect(typeof rows[0]?.['tz']).toBe('string')
    })

    it('sends statements of a request (with a signal) on a held session with the same parsers, names and errors', async () => {
      const signal = new AbortController().signal
      const { rows } = await driver.execute(
        {
          sql: "SELECT 9007199254740993::int8 AS big, 1.50::numeric AS n, '2024-02-29'::date AS d, 42::int4 AS small, '{\"a\":1}'::jsonb AS j",
          parameters: [],
        },
        { signal },
      )
      expect(rows).toEqual([{ big: '9007199254740993', n: '1.50', d: '2024-02-29', small: 42, j: { a: 1 } }])
      const named = { sql: 'SELECT $1::int * 2 AS twice', parameters: [21], name: 'sluice_test_twice' }
      expect((await driver.execute(named, { signal })).rows).toEqual([{ twice: 42 }])
      expect((await driver.execute({ ...named, parameters: [50] }, { signal })).rows).toEqual([{ twice: 100 }])
      await expect(driver.execute({ sql: 'SELECT 1/0', parameters: [] }, { signal })).rejects.toMatchObject({
        code: '22012',
      })
      await expect(
        driver.execute({ sql: 'SELECT $1::int', parameters: ['not a number'] }, { signal }),
      ).rejects.toMatchObject({ code: '22P02' })
      const written = await driver.execute(
        { sql: 'INSERT INTO accounts VALUES (100, 1), (101, 2)', parameters: [] },
        { signal },
      )
      expect(written.affectedRows).toBe(2)
      await run('DELETE FROM accounts WHERE id IN (100, 101)')
    })

    it('a request that leaves while waiting for a pooled session stops waiting, and the session goes back to the pool once', async () => {
      const pool = new pg.Pool({ connectionString: POSTGRES_TEST_URL, max: 1 })
      const waiting = new PostgresDriver({ pool })
      const rejections: unknown[] = []
      const onRejection = (reason: unknown): void => void rejections.push(reason)
      process.on('unhandledRejection', onRejection)
      try {
        const busy = await pool.connect()
        const controller = new AbortController()
        const call = waiting.execute({ sql: 'SELECT 1 AS one', parameters: [] }, { signal: controller.signal })
        while (pool.waitingCount === 0) await new Promise((resolve) => setTimeout(resolve, 5))
        controller.abort(new Error('client gone'))
        await expect(call).rejects.toThrow('client gone')
        busy.release() // handed to the abandoned wait, which must give it straight back (once)
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(rejections).toEqual([])
        expect(pool.idleCount).toBe(1)
        expect(
          (await waiting.execute({ sql: 'SELECT 2 AS two', parameters: [] }, { signal: new AbortController().signal }))
            .rows,
        ).toEqual([{ two: 2 }])
        // Gone before the wait began: refused without waiting.
        const gone = new AbortController()
        const early = waiting.execute({ sql: 'SELECT 3', parameters: [] }, { signal: gone.signal })
        gone.abort(new Error('gone early'))
        await expect(early).rejects.toThrow('gone early')
      } finally {
        process.off('unhandledRejection', onRejection)
        await pool.end()
      }
    })

    it('gives up on a database that does not answer within query_timeout, and discards that session', async () => {
      const pool = new pg.Pool({ connectionString: POSTGRES_TEST_URL, max: 1, query_timeout: 200 })
      const slow = new PostgresDriver({ pool })
      try {
        const signal = new AbortController().signal
        await expect(slow.execute({ sql: 'SELECT pg_sleep(2)', parameters: [] }, { signal })).rejects.toThrow(
          'Query read timeout',
        )
        expect((await slow.execute({ sql: 'SELECT 1 AS one', parameters: [] }, { signal })).rows).toEqual([{ one: 1 }])
      } finally {
        await pool.end()
      }
    })

    it('prepares a named statement once per connection and reuses it', async () => {
      const query = { sql: 'SELECT $1::int + 1 AS next', parameters: [1], name: 'sluice_test_next' }
      await driver.transaction(async (connection) => {
        expect((await connection.execute(query)).rows).toEqual([{ next: 2 }])
        expect((await connection.execute({ ...query, parameters: [41] })).rows).toEqual([{ next: 42 }])
        const prepared = await connection.execute({
          sql: 'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1',
          parameters: ['sluice_test_next'],
        })
        expect(prepared.rows).toEqual([{ n: 1 }])
      })
    })

    it('commits a transaction and reports affected rows', async () => {
      const result = await driver.transaction(
        async (connection) => {
          const inserted = await connection.execute({
            sql: 'INSERT INTO accounts VALUES (1, 10), (2, 20)',
            parameters: [],
          })
          return inserted.affectedRows
        },
        { isolation: 'serializable' },
      )
      expect(result).toBe(2)
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
          { isolation: 'repeatable read' },
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

    it('discards a connection that broke inside a transaction and keeps working', async () => {
      await expect(
        driver.transaction(async (connection) => {
          await connection.execute({ sql: 'SELECT pg_terminate_backend(pg_backend_pid())', parameters: [] })
        }),
      ).rejects.toMatchObject({ code: '57P01' })
      expect((await run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    })

    it('creates, uses and ends its own pool from connection settings', async () => {
      const url = new URL(POSTGRES_TEST_URL)
      const own = new PostgresDriver({
        connection: {
          form: 'url',
          scheme: 'postgresql',
          host: url.hostname,
          port: Number(url.port || 5432),
          database: url.pathname.slice(1),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password) || undefined,
          options: { applicationname: 'sluice-test' },
        },
        poolSize: 2,
      })
      await own.init()
      expect(
        (
          await own.execute({
            sql: "SELECT current_setting('application_name') AS app, now()::date AS today",
            parameters: [],
          })
        ).rows[0],
      ).toMatchObject({ app: 'sluice-test', today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })
      await own.destroy()
    })

    /** A driver owning a pool of `poolSize` sessions to the test database, with the given bounds. */
    const ownDriver = (limits: {
      poolSize: number
      statementTimeoutMs?: number
      acquireTimeoutMs?: number
    }): PostgresDriver => {
      const url = new URL(POSTGRES_TEST_URL)
      return new PostgresDriver({
        connection: {
          form: 'url',
          scheme: 'postgresql',
          host: url.hostname,
          port: Number(url.port || 5432),
          database: url.pathname.slice(1),
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password) || undefined,
          options: {},
        },
        ...limits,
      })
    }
    // The statement turns the server's statement_timeout off for itself, so only the driver's own bound can end it:
    // the statement timeout (100 ms) and a grace of 2 s.
    const unanswered = { sql: 'SET statement_timeout = 0; SELECT pg_sleep(30)', parameters: [] }

    it('an owned pool gives up on a statement the server does not answer in time, on every path, and discards those sessions', async () => {
      const own = ownDriver({ poolSize: 3, statementTimeoutMs: 100 })
      const sleeping = async (): Promise<number[]> =>
        (await run("SELECT pid FROM pg_stat_activity WHERE query LIKE 'SET statement_timeout = 0;%'")).rows.map(
          (r) => r['pid'] as number,
        )
      try {
        const outcomes = await Promise.allSettled([
          own.execute(unanswered, { signal: new AbortController().signal }),
          own.execute(unanswered),
          own.transaction(async (connection) => connection.execute(unanswered)),
        ])
        expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'fulfilled'))).toEqual(
          Array(3).fill('Query read timeout'),
        )
        // The server is still sleeping on those sessions (it notices a closed connection only when the statement ends);
        // the pool discarded them, so the next statement runs on a session of its own.
        const busy = await sleeping()
        expect(busy).toHaveLength(3)
        const { rows } = await own.execute(
          { sql: 'SELECT pg_backend_pid() AS pid', parameters: [] },
          { signal: new AbortController().signal },
        )
        expect(busy).not.toContain(rows[0]!['pid'])
      } finally {
        await own.destroy()
        await run(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SET statement_timeout = 0;%'",
        )
      }
    })

    it('an owned pool bounds the wait for a session on every path and serves the next request once one is free', async () => {
      const own = ownDriver({ poolSize: 1, acquireTimeoutMs: 100 })
      try {
        const busy = own.execute({ sql: 'SELECT pg_sleep(0.5)', parameters: [] })
        await new Promise((resolve) => setTimeout(resolve, 50)) // the one session is taken
        const waits = await Promise.allSettled(
          Array.from({ length: 5 }, (_, i) =>
            i % 2 === 0
              ? own.execute({ sql: 'SELECT 1', parameters: [] }, { signal: new AbortController().signal })
              : own.transaction(async (connection) => connection.execute({ sql: 'SELECT 1', parameters: [] })),
          ),
        )
        expect(waits.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'fulfilled'))).toEqual(
          Array(5).fill('timeout exceeded when trying to connect'),
        )
        await busy
        expect(
          (await own.execute({ sql: 'SELECT 2 AS two', parameters: [] }, { signal: new AbortController().signal }))
            .rows,
        ).toEqual([{ two: 2 }])
      } finally {
        await own.destroy()
      }
    })

    it("hands a pooled result to its caller only after every answer of the same poll has started its session's next statement", async () => {
      // Two sessions answer in the same poll, two statements wait for a session. Each answer frees its session for a
      // waiting statement at once; a caller hears of its result only after the other answer has done the same, so
      // neither waiting statement sits behind the first caller's response work.
      const url = new URL(POSTGRES_TEST_URL)
      const proxy = await startAnswerHoldingProxy(url.hostname, Number(url.port || 5432))
      const pool = new pg.Pool({
        host: '127.0.0.1',
        port: proxy.port,
        database: url.pathname.slice(1),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || undefined,
        max: 2,
      })
      const own = new PostgresDriver({ pool })
      const select = (n: number) => own.execute({ sql: 'SELECT $1::int AS n', parameters: [n] })
      try {
        await Promise.all([select(0), select(0)]) // both sessions open
        proxy.hold()
        const waitingWhenHeard: number[] = []
        const answered = [select(1), select(2)].map((p) =>
          p.then(() => {
            waitingWhenHeard.push(pool.waitingCount)
          }),
        )
        const next = [select(3), select(4)]
        await proxy.answered(2)
        expect(pool.waitingCount).toBe(2)
        proxy.release()
        await Promise.all(answered)
        expect(waitingWhenHeard).toEqual([0, 0])
        expect((await Promise.all(next)).map((r) => r.rows)).toEqual([[{ n: 3 }], [{ n: 4 }]])
      } finally {
        await own.destroy()
        await pool.end()
        await proxy.close()
      }
    })
  },
)
