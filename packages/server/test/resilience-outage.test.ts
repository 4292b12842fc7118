import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { connectPostgresAdmin, POSTGRES_ADMIN_URL } from './support/database-admin.js'
import { faultScenarios } from './support/fault-load.js'
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.js'

/**
 * Faults between Sluice and a real PostgreSQL, made by a TCP proxy the test controls: an outage (every connection
 * cut, new ones refused) and a hang (connections accepted, nothing forwarded), under a load of reads and ledger writes
 * (support/fault-load.ts). The same scenarios run on MariaDB in resilience-outage-mariadb.test.ts. With CI=true an
 * unreachable PostgreSQL fails the file.
 */
const URL_ = POSTGRES_ADMIN_URL
const schema = `sluice_out_${randomBytes(4).toString('hex')}`
let admin: pg.Client
let unavailable: string | undefined
let proxy: FaultProxy
let server: SluiceServer

beforeAll(async () => {
  const connected = await connectPostgresAdmin()
  if ('unavailable' in connected) return void (unavailable = connected.unavailable)
  admin = connected.admin
  await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.ledger (id text PRIMARY KEY, amount int NOT NULL);
    CREATE TABLE ${schema}.items (id int PRIMARY KEY, label text); INSERT INTO ${schema}.items SELECT g, 'item ' || g FROM generate_series(1, 50) g;`)
  const url = new URL(URL_)
  proxy = await startFaultProxy(url.hostname, Number(url.port || 5432))
  const config = parseConfig(
    {
      'data-source': {
        'database-type': 'postgresql',
        'connection-string': `postgresql://${url.username}@127.0.0.1:${proxy.port}${url.pathname}`,
      },
      runtime: {
        host: { mode: 'production' },
        limits: { 'statement-timeout-seconds': 2, 'pool-acquire-timeout-ms': 1000 },
      },
      entities: {
        Ledger: { source: `${schema}.ledger`, permissions: [{ role: 'anonymous', actions: ['read', 'create'] }] },
        Item: { source: `${schema}.items`, permissions: [{ role: 'anonymous', actions: ['read'] }] },
      },
    },
    { baseDir: process.cwd(), env: {} },
  )
  server = await createServer({ config, logger: false })
})

afterAll(async () => {
  await server?.close()
  await proxy?.close()
  if (unavailable === undefined) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin?.end().catch(() => undefined)
})

describe('database faults under load (TCP proxy to PostgreSQL)', () => {
  faultScenarios(() => ({
    unavailable,
    server,
    proxy,
    storedLedgerIds: async (ids) =>
      (await admin.query<{ id: string }>(`SELECT id FROM ${schema}.ledger WHERE id = ANY($1)`, [ids])).rows.map(
        (r) => r.id,
      ),
  }))
})
