import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { createMariaDbDatabase, MARIADB_ADMIN_URL } from './support/database-admin.js'

/**
 * `/health` answers within its thresholds on MariaDB while the pool is held: a connection of its own holds
 * `LOCK TABLES slow WRITE`, and two requests reading `slow` wait on it, holding the 2-connection pool. The acquire
 * timeout (10 s) and the statement timeout (30 s) are far above the thresholds (500 and 1000 ms). With CI=true an
 * unreachable MariaDB fails the file.
 */
const database = `sluice_health_${randomBytes(4).toString('hex')}`
/** How long the test waits for an answer: the thresholds (500 + 1000 ms) plus a margin for a loaded machine. */
const ANSWER_WITHIN_MS = 3000
/** Data API builder's exception text for a check past its threshold. */
const EXCEEDED = 'The threshold for executing the request has exceeded.'

let admin: mysql.Pool
let server: SluiceServer | undefined
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  await admin.query(`CREATE TABLE \`${database}\`.slow (id INT PRIMARY KEY, label VARCHAR(20))`)
  await admin.query(`CREATE TABLE \`${database}\`.fast (id INT PRIMARY KEY, label VARCHAR(20))`)
  await admin.query(`INSERT INTO \`${database}\`.slow VALUES (1, 'a')`)
  await admin.query(`INSERT INTO \`${database}\`.fast VALUES (1, 'x')`)
  const url = new URL(MARIADB_ADMIN_URL)
  const connection =
    `Server=${url.hostname};Port=${url.port || 3306};Database=${database};` +
    `Uid=${decodeURIComponent(url.username)};Maximum Pool Size=2`
  // The data source's threshold is the lower, so entity checks start too (and are cut off) before the report stops.
  const health = { 'threshold-ms': 1000 }
  const sourceHealth = { 'threshold-ms': 500 }
  const read = [{ role: 'anonymous', actions: ['read'] }]
  server = await createServer({
    config: parseConfig(
      {
        'data-source': { 'database-type': 'mysql', 'connection-string': connection, health: sourceHealth },
        runtime: {
          host: { mode: 'production' },
          health: { enabled: true, roles: ['anonymous'], 'cache-ttl-seconds': 0, 'max-query-parallelism': 2 },
          limits: { 'statement-timeout-seconds': 30, 'pool-acquire-timeout-ms': 10_000 },
        },
        entities: {
          Slow: { source: 'slow', permissions: read, health },
          Fast: { source: 'fast', permissions: read, health },
        },
      },
      { baseDir: process.cwd(), env: {} },
    ),
    logger: false,
  })
})

afterAll(async () => {
  await server?.close()
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin?.end()
})

interface Check {
  status: string
  name: string
  tags: string[]
  exception?: string
}
interface Answer {
  status: number
  body: { status: string; checks: Check[] }
}

/** GET /health, given up (failing the test) when no answer has come within `ANSWER_WITHIN_MS`. */
async function probeHealth(): Promise<Answer> {
  const res = await server!.app
    .inject({ method: 'GET', url: '/health', signal: AbortSignal.timeout(ANSWER_WITHIN_MS) })
    .catch((error: unknown) => {
      throw new Error(`/health gave no answer within ${ANSWER_WITHIN_MS} ms`, { cause: error })
    })
  return { status: res.statusCode, body: JSON.parse(res.body) as Answer['body'] }
}

/** Statements of Sluice's pool running now (those waiting on the lock included), from the process list. */
async function runningStatements(): Promise<number> {
  const [rows] = await admin.query(
    `SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = ? AND command IN ('Query', 'Execute')`,
    [database],
  )
  return Number((rows as { n: number }[])[0]!.n)
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

describe('GET /health on MariaDB when the database does not answer', () => {
  it('answers 503 within its thresholds while requests stuck on a lock hold the whole pool', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    // The locker's default database is the admin's, so it is not counted among Sluice's statements.
    const locker = await mysql.createConnection({ uri: MARIADB_ADMIN_URL })
    let locked = true
    const release = async (): Promise<void> => {
      locked = false
      await locker.query('UNLOCK TABLES')
      await locker.end()
    }
    try {
      await locker.query(`LOCK TABLES \`${database}\`.slow WRITE`)
      const stuck = [1, 2].map(() => server!.app.inject({ method: 'GET', url: '/api/Slow' }))
      await eventually(async () => (await runningStatements()) === 2, 'both pooled connections wait on the lock')
      const answer = await probeHealth()
      expect(answer.status).toBe(503)
      expect(answer.body.checks[0]).toMatchObject({ status: 'Unhealthy', name: 'MySQL', exception: EXCEEDED })
      // Each entity's REST check is cut off at its threshold; the report then stops, and the rest are not checked.
      const entityChecks = answer.body.checks.filter((c) => c.tags.includes('endpoint'))
      expect(entityChecks.map((c) => c.name).sort()).toEqual(['Fast', 'Fast', 'Slow', 'Slow'])
      for (const check of entityChecks) expect(check.status).toBe('Unhealthy')
      expect(entityChecks.filter((c) => c.tags[0] === 'rest').map((c) => c.exception)).toEqual([EXCEEDED, EXCEEDED])
      await release()
      for (const res of await Promise.all(stuck)) expect(res.statusCode).toBe(200)
    } finally {
      if (locked) await release()
    }
    const after = await probeHealth()
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    expect(after.body.status).toBe('Healthy')
    await eventually(async () => (await runningStatements()) === 0, 'no health statement is left running')
  })
})
