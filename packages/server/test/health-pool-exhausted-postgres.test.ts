import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { connectPostgresAdmin, POSTGRES_ADMIN_URL } from './support/database-admin.js'

/**
 * `/health` is a readiness probe: it must answer within its thresholds when the database cannot, not after the pool's
 * acquire timeout or the statement timeout (issue 36 item 6: the 503 came after about 30 s). A session holding an
 * exclusive lock on `slow` stands in for a hung database; two requests waiting on it hold the 2-connection pool. The
 * acquire timeout (10 s) and the statement timeout (30 s) are far above the thresholds (500 and 1000 ms), so only the
 * checks' own bound can answer in time. With CI=true an unreachable PostgreSQL fails the file.
 */
const schema = `sluice_health_${randomBytes(4).toString('hex')}`
const appName = `sluice_${schema}`
/** How long the test waits for an answer: the thresholds (500 + 1000 ms) plus a margin for a loaded machine. */
const ANSWER_WITHIN_MS = 3000
/** Data API builder's exception text for a check past its threshold. */
const EXCEEDED = 'The threshold for executing the request has exceeded.'

let admin: pg.Client
let locker: pg.Client | undefined
let server: SluiceServer | undefined
let unavailable: string | undefined

beforeAll(async () => {
  const connected = await connectPostgresAdmin()
  if ('unavailable' in connected) return void (unavailable = connected.unavailable)
  admin = connected.admin
  await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.slow (id int PRIMARY KEY, label text);
    CREATE TABLE ${schema}.fast (id int PRIMARY KEY, label text);
    INSERT INTO ${schema}.slow VALUES (1, 'a'); INSERT INTO ${schema}.fast VALUES (1, 'x');`)
  const url = new URL(POSTGRES_ADMIN_URL)
  const connection =
    `Host=${url.hostname};Port=${url.port || 5432};Database=${url.pathname.slice(1)};` +
    `Username=${decodeURIComponent(url.username)};Maximum Pool Size=2;Application Name=${appName}`
  // The data source's threshold is the lower, so entity checks start too (and are cut off) before the report stops.
  const health = { 'threshold-ms': 1000 }
  const sourceHealth = { 'threshold-ms': 500 }
  const read = [{ role: 'anonymous', actions: ['read'] }]
  server = await createServer({
    config: parseConfig(
      {
        'data-source': { 'database-type': 'postgresql', 'connection-string': connection, health: sourceHealth },
        runtime: {
          host: { mode: 'production' },
          health: { enabled: true, roles: ['anonymous'], 'cache-ttl-seconds': 0, 'max-query-parallelism': 2 },
          limits: { 'statement-timeout-seconds': 30, 'pool-acquire-timeout-ms': 10_000 },
        },
        entities: {
          Slow: { source: `${schema}.slow`, permissions: read, health },
          Fast: { source: `${schema}.fast`, permissions: read, health },
        },
      },
      { baseDir: process.cwd(), env: {} },
    ),
    logger: false,
  })
})

afterAll(async () => {
  await server?.close()
  await locker?.end().catch(() => undefined)
  if (unavailable === undefined) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin?.end().catch(() => undefined)
})

interface Check {
  status: string
  name: string
  tags: string[]
  exception?: string
}
interface Answer {
  status: number
  body: { status: string; timestamp: string; checks: Check[] }
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

/** Holds an exclusive lock on `slow` until the returned function releases it: reads of `slow` wait on it. */
async function lockSlowTable(): Promise<() => Promise<void>> {
  locker = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await locker.connect()
  await locker.query(`BEGIN; LOCK TABLE ${schema}.slow IN ACCESS EXCLUSIVE MODE`)
  const held = locker
  return async () => {
    locker = undefined
    await held.query('ROLLBACK')
    await held.end()
  }
}

/** Statements of Sluice's pool running now (waiting on the lock included), from pg_stat_activity. */
async function runningStatements(): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
    [appName],
  )
  return Number(rows[0]!.n)
}

async function eventually(check: () => Promise<boolean>, what: string, attempts = 50): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

describe('GET /health on PostgreSQL when the database does not answer', () => {
  it('answers 503 within its thresholds while requests stuck on a lock hold the whole pool', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      const stuck = [1, 2].map(() => server!.app.inject({ method: 'GET', url: '/api/Slow' }))
      await eventually(async () => (await runningStatements()) === 2, 'both pooled connections wait on the lock')
      // Probes arriving together share one report.
      const [first, second] = await Promise.all([probeHealth(), probeHealth()])
      expect(first.status).toBe(503)
      expect(second.body.timestamp).toBe(first.body.timestamp)
      const { checks } = first.body
      expect(checks[0]).toMatchObject({ status: 'Unhealthy', name: 'PostgreSQL', exception: EXCEEDED })
      // Each entity's REST check is cut off at its threshold; the report then stops, and the rest are not checked.
      const entityChecks = checks.filter((c) => c.tags.includes('endpoint'))
      expect(entityChecks.map((c) => c.name).sort()).toEqual(['Fast', 'Fast', 'Slow', 'Slow'])
      for (const check of entityChecks) expect(check.status).toBe('Unhealthy')
      expect(entityChecks.filter((c) => c.tags[0] === 'rest').map((c) => c.exception)).toEqual([EXCEEDED, EXCEEDED])
      await release()
      for (const res of await Promise.all(stuck)) expect(res.statusCode).toBe(200)
    } finally {
      if (locker !== undefined) await release()
    }
    const after = await probeHealth()
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    expect(after.body.status).toBe('Healthy')
    await eventually(async () => (await runningStatements()) === 0, 'no health statement is left running')
  })

  it('reports an entity check whose statement waits on a lock once its threshold passes', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      const answer = await probeHealth()
      expect(answer.status).toBe(503)
      expect(answer.body.checks[0]).toMatchObject({ status: 'Healthy', name: 'PostgreSQL' })
      expect(answer.body.checks.find((c) => c.name === 'Slow')).toMatchObject({
        status: 'Unhealthy',
        tags: ['rest', 'endpoint'],
        exception: EXCEEDED,
      })
    } finally {
      await release()
    }
  })

  // Injected requests get a departure signal of their own (watch-connection.ts): light-my-request's mock socket never
  // closes, so without it the abandoned check's statement waited on the lock for the statement timeout (30 s).
  it('cancels the statement of an entity check given up at its threshold', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      expect((await probeHealth()).status).toBe(503)
      const cancelled = async (): Promise<boolean> => (await runningStatements()) === 0
      await eventually(cancelled, "the abandoned check's statement is cancelled", 20)
    } finally {
      await release()
    }
  })
})
