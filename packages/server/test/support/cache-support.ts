import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net'
import { Redis } from 'ioredis'
import pg from 'pg'

const require = createRequire(import.meta.url)
const SEED_FILE = require.resolve('@sluice/example-library/library.sql')

/** PostgreSQL and Redis as the shared services run them (CI=true: a test that cannot reach them fails). */
export const PG_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
export const REDIS_PORT = Number(process.env['SLUICE_REDIS_PORT'] ?? 6379)

/** A PostgreSQL database of this test's own, seeded with the library sample; `drop()` removes it. */
export interface LibraryDatabase {
  readonly url: string
  /** Runs SQL directly (behind Sluice's back). */
  sql(text: string, parameters?: unknown[]): Promise<any[]>
  drop(): Promise<void>
}

export async function createLibraryDatabase(): Promise<LibraryDatabase> {
  const name = `sluice_cache_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 })
  // DROP … WITH (FORCE) terminates a session that is still closing; an idle client's error must not crash the run.
  pool.on('error', () => undefined)
  await pool.query(readFileSync(SEED_FILE, 'utf8'))
  return {
    url: url.toString(),
    sql: async (text, parameters) => (await pool.query(text, parameters)).rows,
    async drop() {
      await pool.end()
      const client = new pg.Client({ connectionString: PG_URL })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** A Redis key partition of this test's own (`runtime.cache.level-2.partition`); `clean()` deletes its keys. */
export interface RedisPartition {
  readonly name: string
  readonly redis: Redis
  keys(): Promise<string[]>
  clean(): Promise<void>
}

export async function createRedisPartition(): Promise<RedisPartition> {
  const name = `sluice-test-${randomBytes(5).toString('hex')}`
  const redis = new Redis({ host: '127.0.0.1', port: REDIS_PORT, lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  const keys = async (): Promise<string[]> => {
    const found: string[] = []
    let cursor = '0'
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${name}_*`, 'COUNT', 500)
      found.push(...batch)
      cursor = next
    } while (cursor !== '0')
    return found
  }
  return {
    name,
    redis,
    keys,
    async clean() {
      const found = await keys()
      if (found.length > 0) await redis.del(...found)
      redis.disconnect()
    },
  }
}

/** A TCP proxy in front of a port, which the test can cut (`stop`: every connection dropped, new ones refused) and restore. */
export interface TcpProxy {
  readonly port: number
  stop(): Promise<void>
  start(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = (): Promise<void> =>
    new Promise((resolve, reject) => {
      server = createTcpServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1')
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (server === undefined) return resolve()
      server.close(() => resolve())
      server = undefined
    })
  await listen()
  return {
    get port() {
      return port
    },
    stop,
    start: listen,
    close: stop,
  }
}

/** Polls `check` until it returns true or `timeoutMs` passes (for state that settles in the background). */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
