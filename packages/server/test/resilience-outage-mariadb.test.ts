import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { createMariaDbDatabase, MARIADB_ADMIN_URL } from './support/database-admin.js'
import { faultScenarios } from './support/fault-load.js'
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js'

/**
 * The outage and hang scenarios of resilience-outage.test.ts against a real MariaDB, through the same TCP proxy. With
 * CI=true an unreachable MariaDB fails the file.
 */
const URL_ = MARIADB_ADMIN_URL
const database = `sluice_out_${randomBytes(4).toString('hex')}`
let admin: mysql.Pool
let unavailable: string | undefined
let proxy: FaultProxy
let server: SluiceServer

beforeAll(async () => {
  const created = await createMariaDbDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  await admin.query(`CREATE TABLE \`${database}\`.ledger (id VARCHAR(40) PRIMARY KEY, amount INT NOT NULL)`)
  await admin.query(`CREATE TABLE \`${database}\`.items (id INT PRIMARY KEY, label VARCHAR(20))`)
  await admin.query(`INSERT INTO \`${database}\`.items SELECT seq, CONCAT('item ', seq) FROM seq_1_to_50`)
  const url = new URL(URL_)
  proxy = await startFaultProxy(url.hostname, Number(url.port || 3306))
  const config = parseConfig(
    {
      'data-source': {
        'database-type': 'mysql',
        'connection-string': `Server=127.0.0.1;Port=${proxy.port};Database=${database};Uid=${decodeURIComponent(url.username)}`,
      },
      runtime: {
        host: { mode: 'production' },
        limits: { 'statement-timeout-seconds': 2, 'pool-acquire-timeout-ms': 1000 },
      },
      entities: {
        Ledger: { source: 'ledger', permissions: [{ role: 'anonymous', actions: ['read', 'create'] }] },
        Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] },
      },
    },
    { baseDir: process.cwd(), env: {} },
  )
  server = await createServer({ config, logger: false })
})

afterAll(async () => {
  await server?.close()
  await proxy?.close()
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin?.end()
})

describe('database faults under load (TCP proxy to MariaDB)', () => {
  faultScenarios(() => ({
    unavailable,
    server,
    proxy,
    storedLedgerIds: async (ids) => {
      const [rows] = await admin.query(`SELECT id FROM \`${database}\`.ledger WHERE id IN (?)`, [ids])
      return (rows as { id: string }[]).map((r) => r.id)
    },
  }))

  it('a statement prepared for the first time while the database hangs still answers within the statement deadline', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    // Pooled connections are open and idle; a query shape none of them has prepared makes mysql2 send PREPARE first,
    // which has no timeout of its own: without the driver's deadline the request would wait forever.
    expect((await server.app.inject({ method: 'GET', url: '/api/Item/id/1' })).statusCode).toBe(200)
    proxy.set('hang')
    try {
      const started = Date.now()
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/Item?$filter=${encodeURIComponent("label eq 'never prepared'")}`,
      })
      expect([503, 504]).toContain(res.statusCode)
      expect(Date.now() - started).toBeLessThan(10_000) // statement timeout 2 s + grace 2 s + slack
    } finally {
      proxy.set('forward')
    }
    for (
      let i = 0;
      i < 100 && (await server.app.inject({ method: 'GET', url: '/api/Item/id/1' })).statusCode !== 200;
      i++
    )
      await new Promise((r) => setTimeout(r, 100))
  }, 30_000)
})
