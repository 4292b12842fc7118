import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConnectionString, type Driver } from '@sluice/core/dialect'
import { MysqlDriver } from '@sluice/plugin-mysql'
import { PostgresDriver } from '@sluice/plugin-postgres'
import { connectPostgresAdmin, MARIADB_ADMIN_URL, POSTGRES_ADMIN_URL } from './support/database-admin.js'
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js'

/**
 * When a client goes away mid-statement, the driver asks the database to stop the statement on a connection of its
 * own (PostgreSQL's CancelRequest, MariaDB's KILL QUERY). That request may arrive after the statement has ended; had
 * the session gone back to the pool meanwhile, it would stop the next request's statement (CI saw a streamed page
 * answer 500 this way). A proxy that holds new connections back for 400 ms (the canceller's among them) makes the
 * late arrival certain instead of a rare race. Each driver has one pooled session, so the next statement would run
 * on the abandoned one. With CI=true an unreachable database fails the file.
 */
const HOLD_MS = 400

/** Warms the pool's one session, then makes every new connection (the canceller's) slow to open. */
async function warmThenHold(proxy: FaultProxy, driver: Driver): Promise<void> {
  proxy.holdNewConnections(0)
  await driver.execute({ sql: 'SELECT 1', parameters: [] })
  proxy.holdNewConnections(HOLD_MS)
}

/** Runs `sql` (a short sleep) for a client that leaves 20 ms in, and waits until the driver has given it up. */
async function abandonStatement(driver: Driver, sql: string): Promise<void> {
  const controller = new AbortController()
  const abandoned = driver.execute({ sql, parameters: [] }, { signal: controller.signal })
  setTimeout(() => controller.abort(new Error('client gone')), 20)
  await abandoned.catch(() => undefined)
}

/** The same inside a transaction: the client leaves while the transaction's statement runs. */
async function abandonTransaction(driver: Driver, sql: string): Promise<void> {
  const controller = new AbortController()
  const abandoned = driver.transaction(
    async (connection) => {
      const running = connection.execute({ sql, parameters: [] })
      setTimeout(() => controller.abort(new Error('client gone')), 20)
      return running
    },
    { signal: controller.signal },
  )
  await abandoned.catch(() => undefined)
}

describe('PostgreSQL: a late cancel never reaches the next request', () => {
  let unavailable: string | undefined
  let proxy: FaultProxy
  let pool: pg.Pool
  let driver: PostgresDriver

  beforeAll(async () => {
    const connected = await connectPostgresAdmin()
    if ('unavailable' in connected) return void (unavailable = connected.unavailable)
    await connected.admin.end()
    const target = new URL(POSTGRES_ADMIN_URL)
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432))
    target.hostname = '127.0.0.1'
    target.port = String(proxy.port)
    pool = new pg.Pool({ connectionString: target.toString(), max: 1 })
    pool.on('error', () => undefined)
    driver = new PostgresDriver({ pool })
  })
  afterAll(async () => {
    await driver?.destroy()
    await pool?.end()
    await proxy?.close()
  })

  it('a statement that ends before its cancel arrives does not hand its session to the next request', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    await warmThenHold(proxy, driver)
    await abandonStatement(driver, 'SELECT pg_sleep(0.1)')
    // Runs while the cancel is still on its way.
    const next = await driver.execute({ sql: 'SELECT pg_sleep(0.8), 7 AS seven', parameters: [] })
    expect(next.rows).toEqual([{ pg_sleep: '', seven: 7 }])
  }, 10_000)

  it('a stream abandoned after its first chunk does not hand its session to the next request', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    await warmThenHold(proxy, driver)
    const controller = new AbortController()
    const stream = driver.stream({ sql: 'SELECT g FROM generate_series(1, 5000) g', parameters: [] }, 100, {
      signal: controller.signal,
    })
    for await (const chunk of stream) {
      expect(chunk).toHaveLength(100)
      controller.abort(new Error('client gone'))
      break
    }
    const next = await driver.execute({ sql: 'SELECT pg_sleep(0.8), 8 AS eight', parameters: [] })
    expect(next.rows).toEqual([{ pg_sleep: '', eight: 8 }])
  }, 10_000)

  it('a transaction whose request left does not hand its session on with the cancel pending', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    await warmThenHold(proxy, driver)
    await abandonTransaction(driver, 'SELECT pg_sleep(0.1)')
    const next = await driver.execute({ sql: 'SELECT pg_sleep(0.8), 9 AS nine', parameters: [] })
    expect(next.rows).toEqual([{ pg_sleep: '', nine: 9 }])
  }, 10_000)
})

describe('MariaDB: a late KILL QUERY never reaches the next request', () => {
  let unavailable: string | undefined
  let proxy: FaultProxy
  let driver: MysqlDriver

  beforeAll(async () => {
    const probe = await mysql
      .createConnection({ uri: MARIADB_ADMIN_URL, connectTimeout: 5_000 })
      .catch((error: unknown) => error as Error)
    if (probe instanceof Error) {
      if (process.env['CI'] === 'true') throw probe
      return void (unavailable = `MariaDB unreachable at ${MARIADB_ADMIN_URL}: ${String(probe)}`)
    }
    await probe.end()
    const target = new URL(MARIADB_ADMIN_URL)
    proxy = await startFaultProxy(target.hostname, Number(target.port || 3306))
    target.hostname = '127.0.0.1'
    target.port = String(proxy.port)
    driver = new MysqlDriver({
      connection: { ...parseConnectionString(target.toString()), options: { maximumpoolsize: '1' } },
    })
  })
  afterAll(async () => {
    await driver?.destroy()
    await proxy?.close()
  })

  it('a statement that ends before its kill arrives does not hand its connection to the next request', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    await warmThenHold(proxy, driver)
    await abandonStatement(driver, 'SELECT SLEEP(0.1)')
    const next = await driver.execute({ sql: 'SELECT SLEEP(0.8) AS slept, 7 AS seven', parameters: [] })
    expect(next.rows).toEqual([{ slept: 0, seven: 7 }])
  }, 10_000)

  it('a transaction whose request left does not hand its connection on with the kill pending', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    await warmThenHold(proxy, driver)
    await abandonTransaction(driver, 'SELECT SLEEP(0.1)')
    const next = await driver.execute({ sql: 'SELECT SLEEP(0.8) AS slept, 9 AS nine', parameters: [] })
    expect(next.rows).toEqual([{ slept: 0, nine: 9 }])
  }, 10_000)
})
