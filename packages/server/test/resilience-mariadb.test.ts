import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import mysql from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { createMariaDbDatabase, MARIADB_ADMIN_URL } from './support/database-admin.js'

/**
 * Bounded work against a real MariaDB: a statement past the statement timeout (`max_statement_time`) answers 504; a
 * request that cannot get a pooled connection in time answers 503 with Retry-After; a client that goes away has its
 * statement stopped with KILL QUERY. A view whose rows sleep stands in for a slow or hung database. With CI=true an
 * unreachable MariaDB fails the file.
 */
const URL_ = MARIADB_ADMIN_URL
const database = `sluice_res_${randomBytes(4).toString('hex')}`

let admin: mysql.Pool
let timed: SluiceServer | undefined
let untimed: SluiceServer | undefined
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  await admin.query(`CREATE TABLE \`${database}\`.items (id INT PRIMARY KEY, label VARCHAR(20))`)
  await admin.query(`INSERT INTO \`${database}\`.items VALUES (1, 'a'), (2, 'b'), (3, 'c')`)
  // Reading sleepy takes about three seconds (a second a row); reading stuck takes a minute.
  await admin.query(
    `CREATE VIEW \`${database}\`.sleepy AS SELECT id, label, SLEEP(1) AS slept FROM \`${database}\`.items`,
  )
  await admin.query(
    `CREATE VIEW \`${database}\`.stuck AS SELECT id, label, SLEEP(60) AS slept FROM \`${database}\`.items WHERE id = 1`,
  )
  const url = new URL(URL_)
  url.pathname = `/${database}`
  url.searchParams.set('connectionLimit', '2')
  const config = (limits: Record<string, unknown>) =>
    parseConfig(
      {
        'data-source': {
          'database-type': 'mysql',
          'connection-string': `Server=${url.hostname};Port=${url.port || 3306};Database=${database};Uid=${decodeURIComponent(url.username)};Maximum Pool Size=2`,
        },
        runtime: { host: { mode: 'production' }, limits },
        entities: {
          Sleepy: {
            source: { object: 'sleepy', type: 'view' },
            fields: [{ name: 'id', 'primary-key': true }],
            permissions: [{ role: 'anonymous', actions: ['read'] }],
          },
          Stuck: {
            source: { object: 'stuck', type: 'view' },
            fields: [{ name: 'id', 'primary-key': true }],
            permissions: [{ role: 'anonymous', actions: ['read'] }],
          },
          Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] },
        },
      },
      { baseDir: process.cwd(), env: {} },
    )
  // The timed server's acquire timeout is generous: opening a connection counts against it, and on a loaded machine
  // (the whole suite on two cores) a new MariaDB connection can take longer than half a second.
  timed = await createServer({
    config: config({ 'statement-timeout-seconds': 1, 'pool-acquire-timeout-ms': 10_000 }),
    logger: false,
  })
  untimed = await createServer({
    config: config({ 'statement-timeout-seconds': null, 'pool-acquire-timeout-ms': 500 }),
    logger: false,
  })
})

afterAll(async () => {
  await timed?.close()
  await untimed?.close()
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin?.end()
})

/** Statements running in the test database now (its sleeping reads included), from the process list. */
async function runningStatements(): Promise<number> {
  const [rows] = await admin.query(
    `SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = ? AND command = 'Execute'`,
    [database],
  )
  return Number((rows as { n: number }[])[0]!.n)
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

describe('bounded work on MariaDB', () => {
  it('a statement past the statement timeout is stopped by the server and answers 504 in the envelope', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    expect((await timed!.app.inject({ method: 'GET', url: '/api/Item' })).statusCode).toBe(200) // a pooled connection is open
    const res = await timed!.app.inject({ method: 'GET', url: '/api/Sleepy' })
    expect(res.statusCode, res.body).toBe(504)
    expect(JSON.parse(res.body).error.code).toBe('Gateway Timeout')
    expect((await timed!.app.inject({ method: 'GET', url: '/api/Item' })).statusCode).toBe(200)
  })

  it('when slow statements hold the pool, other reads fail fast with 503 and Retry-After', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const slow = [1, 2].map(() => untimed!.app.inject({ method: 'GET', url: '/api/Sleepy' }))
    await eventually(async () => (await runningStatements()) === 2, 'both pooled connections run the slow read')
    const other = await untimed!.app.inject({ method: 'GET', url: '/api/Item' })
    expect(other.statusCode).toBe(503)
    expect(other.headers['retry-after']).toBe('1')
    for (const res of await Promise.all(slow)) expect(res.statusCode).toBe(200)
  })

  it('a client that goes away has its statement killed on the server', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const address = new URL(await untimed!.listen(0, '127.0.0.1'))
    // A minute of sleep: without the kill it would still run when the check gives up.
    const req = httpRequest({ host: address.hostname, port: address.port, path: '/api/Stuck' })
    req.on('error', () => undefined)
    req.end()
    await eventually(async () => (await runningStatements()) === 1, 'the statement runs')
    req.destroy()
    await eventually(
      async () => (await runningStatements()) === 0,
      'the abandoned statement is gone from the process list',
    )
  })
})
