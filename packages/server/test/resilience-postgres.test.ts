import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { connectPostgresAdmin, POSTGRES_ADMIN_URL } from './support/database-admin.js'
import { recordStatements } from './support/record-statements.js'

/**
 * Bounded work against a real PostgreSQL (issue: "nothing times out"): a statement past the statement timeout is
 * cancelled by the database and answers 504; a request that cannot get a pooled connection in time answers 503
 * with Retry-After while the pool is held by statements waiting on a lock; a client that goes away has its statement
 * cancelled on the server. A lock held by another session stands in for a hung or locked table. With CI=true an
 * unreachable PostgreSQL fails the file.
 */
const URL_ = POSTGRES_ADMIN_URL
const schema = `sluice_res_${randomBytes(4).toString('hex')}`
const appName = `sluice_${schema}`

let admin: pg.Client
let locker: pg.Client | undefined
let server: SluiceServer | undefined
let untimed: SluiceServer | undefined
let untimedAddress: URL | undefined
let unavailable: string | undefined

beforeAll(async () => {
  const connected = await connectPostgresAdmin()
  if ('unavailable' in connected) return void (unavailable = connected.unavailable)
  admin = connected.admin
  await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.slow (id int PRIMARY KEY, label text);
    CREATE TABLE ${schema}.fast (id int PRIMARY KEY, label text);
    INSERT INTO ${schema}.slow VALUES (1, 'a'), (2, 'b'); INSERT INTO ${schema}.fast VALUES (1, 'x');
    CREATE TABLE ${schema}.big (id int PRIMARY KEY, label text);
    INSERT INTO ${schema}.big SELECT g, repeat('x', 1000) FROM generate_series(1, 3000) g;`)
  const url = new URL(URL_)
  // Two pooled connections, so two requests stuck on the lock hold the whole pool.
  const connection = `Host=${url.hostname};Port=${url.port || 5432};Database=${url.pathname.slice(1)};Username=${decodeURIComponent(url.username)};Maximum Pool Size=2;Application Name=${appName}`
  const config = (limits: Record<string, unknown>) =>
    parseConfig(
      {
        'data-source': { 'database-type': 'postgresql', 'connection-string': connection },
        runtime: { host: { mode: 'production', 'max-response-size-mb': 1 }, limits },
        entities: {
          Slow: { source: `${schema}.slow`, permissions: [{ role: 'anonymous', actions: ['read', 'create'] }] },
          Fast: { source: `${schema}.fast`, permissions: [{ role: 'anonymous', actions: ['read'] }] },
          Big: { source: `${schema}.big`, permissions: [{ role: 'anonymous', actions: ['read'] }] },
        },
      },
      { baseDir: process.cwd(), env: {} },
    )
  server = await createServer({
    config: config({ 'statement-timeout-seconds': 2, 'pool-acquire-timeout-ms': 500 }),
    logger: false,
  })
  // Without a statement timeout, only cancellation can end a statement whose client left.
  untimed = await createServer({ config: config({ 'statement-timeout-seconds': null }), logger: false })
})

afterAll(async () => {
  await server?.close()
  await untimed?.close()
  await locker?.end().catch(() => undefined)
  if (unavailable === undefined) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin?.end().catch(() => undefined)
})

/** Holds an exclusive lock on `slow` until the returned function releases it: reads of `slow` wait on it. */
async function lockSlowTable(): Promise<() => Promise<void>> {
  locker = new pg.Client({ connectionString: URL_ })
  await locker.connect()
  await locker.query(`BEGIN; LOCK TABLE ${schema}.slow IN ACCESS EXCLUSIVE MODE`)
  const held = locker
  return async () => {
    await held.query('ROLLBACK')
    await held.end()
    locker = undefined
  }
}

/** Statements of Sluice's pool that are running now (waiting on the lock included), from pg_stat_activity. */
async function runningStatements(): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
    [appName],
  )
  return Number(rows[0]!.n)
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

describe('bounded work on PostgreSQL', () => {
  it('a statement past the statement timeout is cancelled by the database and answers 504 in the envelope', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      const res = await server!.app.inject({ method: 'GET', url: '/api/Slow' })
      expect(res.statusCode).toBe(504)
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'Gateway Timeout', message: expect.stringContaining('statement timeout'), status: 504 },
      })
    } finally {
      await release()
    }
    expect((await server!.app.inject({ method: 'GET', url: '/api/Slow' })).statusCode).toBe(200)
  })

  it('a GraphQL read past the statement timeout runs once and reports 504 as REST does (issue 36 cases 3 and 7)', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    const statements = recordStatements(server!)
    try {
      const res = await server!.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ slows { items { id } } }' },
      })
      expect(JSON.parse(res.body).errors).toEqual([
        expect.objectContaining({
          extensions: { code: 'DatabaseOperationFailed', sluiceCode: 'SLUICE_ERR_DATABASE_TIMEOUT', status: 504 },
          path: ['slows'],
        }),
      ])
      // The fast path's attempt used to fail and graphql-js then ran the same statement again.
      expect(statements).toHaveLength(1)
    } finally {
      await release()
    }
  })

  it('one deadline per request: once the statement timeout has passed since its first statement, no other starts', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    const statements = recordStatements(server!)
    try {
      const creates = [10, 11, 12].map((id) => `c${id}: createSlow(item: { id: ${id}, label: "x" }) { id }`).join(' ')
      const res = await server!.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `mutation { ${creates} }` },
      })
      const body = JSON.parse(res.body)
      expect(body.data).toEqual({ c10: null, c11: null, c12: null })
      expect(body.errors.map((e: any) => [e.path[0], e.extensions.sluiceCode])).toEqual([
        ['c10', 'SLUICE_ERR_DATABASE_TIMEOUT'],
        ['c11', 'SLUICE_ERR_REQUEST_DEADLINE'],
        ['c12', 'SLUICE_ERR_REQUEST_DEADLINE'],
      ])
      // Only the first insert ran (and waited out the statement timeout): without the deadline, each would have.
      expect(statements).toHaveLength(1)
    } finally {
      await release()
    }
  })

  it('when the pool is held by statements on a locked table, other reads fail fast with 503 and Retry-After', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      const stuck = [1, 2].map(() => server!.app.inject({ method: 'GET', url: '/api/Slow' }))
      await eventually(async () => (await runningStatements()) === 2, 'both pooled connections wait on the lock')
      const other = await server!.app.inject({ method: 'GET', url: '/api/Fast' })
      expect(other.statusCode).toBe(503)
      expect(other.headers['retry-after']).toBe('1')
      expect(JSON.parse(other.body).error.code).toBe('Service Unavailable')
      await release()
      for (const res of await Promise.all(stuck)) expect(res.statusCode).toBe(200)
    } finally {
      if (locker !== undefined) await release()
    }
    expect((await server!.app.inject({ method: 'GET', url: '/api/Fast' })).statusCode).toBe(200)
  })

  it('a client that goes away has its statement cancelled on the server', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    try {
      const address = (untimedAddress ??= new URL(await untimed!.listen(0, '127.0.0.1')))
      const req = httpRequest({ host: address.hostname, port: address.port, path: '/api/Slow' })
      req.on('error', () => undefined)
      req.end()
      await eventually(async () => (await runningStatements()) === 1, 'the statement waits on the lock')
      req.destroy()
      await eventually(
        async () => (await runningStatements()) === 0,
        'the abandoned statement is gone from pg_stat_activity',
      )
    } finally {
      await release()
    }
  })

  it('cuts a streamed page off once it passes max-response-size-mb (its status line is already sent)', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const address = new URL(await server!.listen(0, '127.0.0.1'))
    const { status, bytes, complete } = await new Promise<{ status: number; bytes: number; complete: boolean }>(
      (resolve, reject) => {
        const req = httpRequest({ host: address.hostname, port: address.port, path: '/api/Big?$first=-1' }, (res) => {
          let bytes = 0
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
          })
          res.on('end', () => resolve({ status: res.statusCode!, bytes, complete: res.complete }))
          res.on('error', () => resolve({ status: res.statusCode!, bytes, complete: false }))
          res.on('aborted', () => resolve({ status: res.statusCode!, bytes, complete: false }))
        })
        req.on('error', reject)
        req.end()
      },
    )
    expect(status).toBe(200)
    expect(complete).toBe(false)
    expect(bytes).toBeLessThan(1.2 * 1024 * 1024)
  })

  it('answers a client that half-closes its side after sending the request', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const release = await lockSlowTable()
    const address = (untimedAddress ??= new URL(await untimed!.listen(0, '127.0.0.1')))
    const answer = new Promise<string>((resolve) => {
      const socket = connect(Number(address.port), address.hostname, () => {
        socket.end('GET /api/Slow HTTP/1.1\r\nHost: test\r\n\r\n')
      })
      let text = ''
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      socket.on('close', () => resolve(text))
      socket.on('error', () => resolve(text))
    })
    await eventually(async () => (await runningStatements()) === 1, 'the statement waits on the lock')
    await release()
    const text = await answer
    // interim 102 Processing lines may come first (the server's probe after the client's FIN)
    expect(text.replace(/^(HTTP\/1\.1 102 Processing\r\n\r\n)+/, '')).toMatch(/^HTTP\/1\.1 200 /)
    expect(text).toContain('"value":[')
  })
})
