import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfigFile, silentLogger, type Logger, type RuntimeConfig } from '@sluice/core'
import { createServer } from '../src/index.js'
import { serveSluice, type RunningService } from '../src/serve-sluice.js'
import { connectPostgresAdmin, POSTGRES_ADMIN_URL } from './support/database-admin.js'

/**
 * `sluice start`'s lifecycle on a real PostgreSQL: waiting for a database that is not up yet (503 meanwhile), hot
 * reload of the config file under load (no request fails, metadata is read again, an invalid change keeps the
 * running configuration), and shutdown that answers requests already on the way instead of resetting them.
 */
const URL_ = POSTGRES_ADMIN_URL
const schema = `sluice_life_${randomBytes(4).toString('hex')}`
const dir = mkdtempSync(join(tmpdir(), 'sluice-life-'))
let admin: pg.Client
let unavailable: string | undefined

beforeAll(async () => {
  const connected = await connectPostgresAdmin()
  if ('unavailable' in connected) return void (unavailable = connected.unavailable)
  admin = connected.admin
  await admin.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.items (id int PRIMARY KEY, label text);
    INSERT INTO ${schema}.items SELECT g, 'item ' || g FROM generate_series(1, 20) g;
    CREATE TABLE ${schema}.others (id int PRIMARY KEY); INSERT INTO ${schema}.others VALUES (1);`)
})

afterAll(async () => {
  if (unavailable === undefined) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
  await admin?.end().catch(() => undefined)
})

function configJson(
  connection: string,
  entities: Record<string, unknown>,
  runtime: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    'data-source': { 'database-type': 'postgresql', 'connection-string': connection },
    runtime: { host: { mode: 'production' }, ...runtime },
    entities,
  })
}

const read = [{ role: 'anonymous', actions: ['read'] }]

/** Serves the config file as `sluice start` does, on an ephemeral port. */
async function serve(file: string, log: Logger = silentLogger): Promise<RunningService> {
  const initial = loadConfigFile(file, { env: {}, cwd: dir })
  return serveSluice(initial, {
    port: 0,
    host: '127.0.0.1',
    log,
    create: (config: RuntimeConfig) => createServer({ config, logger: false }),
    reload: () => loadConfigFile(file, { env: {}, cwd: dir }),
    files: [file],
  })
}

async function get(
  base: string,
  path: string,
  agent?: Agent,
): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { agent }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('end', () =>
        resolve({ status: res.statusCode!, body: text === '' ? undefined : JSON.parse(text), headers: res.headers }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

/** A TCP proxy to PostgreSQL on a port chosen now, which starts forwarding only when `open()` is called. */
async function lateDatabase(): Promise<{ port: number; open(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(URL_)
  const probe = createTcpServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()))
  const port = (probe.address() as { port: number }).port
  await new Promise<void>((r) => probe.close(() => r()))
  let server: TcpServer | undefined
  const sockets = new Set<Socket>()
  return {
    port,
    open: () =>
      new Promise<void>((resolve) => {
        server = createTcpServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname)
          for (const s of [client, upstream]) {
            sockets.add(s)
            s.on('error', () => undefined)
            s.on('close', () => sockets.delete(s))
          }
          client.pipe(upstream).pipe(client)
        })
        server.listen(port, '127.0.0.1', () => resolve())
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        if (server === undefined) resolve()
        else server.close(() => resolve())
      }),
  }
}

describe('sluice start lifecycle', () => {
  it('waits for a database that is not up yet, answering 503 with Retry-After meanwhile, then serves', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const database = await lateDatabase()
    const url = new URL(URL_)
    const file = join(dir, 'late.json')
    writeFileSync(
      file,
      configJson(`postgresql://${url.username}@127.0.0.1:${database.port}${url.pathname}`, {
        Item: { source: `${schema}.items`, permissions: read },
      }),
    )
    const warnings: string[] = []
    const log = {
      ...silentLogger,
      warn: (message: unknown) => {
        warnings.push(String(message))
      },
    } as unknown as Logger
    // serveSluice resolves only once booted; meanwhile the port already answers.
    const starting = (async () => {
      const initial = loadConfigFile(file, { env: {}, cwd: dir })
      return serveSluice(initial, {
        port: 0,
        host: '127.0.0.1',
        log,
        create: (config) => createServer({ config, logger: false }),
        reload: () => initial,
        files: [],
      })
    })()
    await eventually(async () => warnings.length > 0, 'a failed attempt is logged')
    expect(warnings[0]).toMatch(/Cannot connect to the PostgreSQL database: .* — retrying in/)
    await database.open()
    const service = await starting
    try {
      expect((await get(service.address, '/api/Item/id/3')).body).toEqual({ value: [{ id: 3, label: 'item 3' }] })
    } finally {
      await service.close()
      await database.close()
    }
  }, 60_000)

  it('answers 503 with Retry-After and the error envelope before the first boot, and GET / with 200', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const { FrontServer } = await import('../src/front-server.js')
    const front = new FrontServer()
    const base = await front.listen(0, '127.0.0.1')
    try {
      const api = await get(base, '/api/Item')
      expect(api.status).toBe(503)
      expect(api.headers['retry-after']).toBe('1')
      expect(api.body.error).toEqual({
        code: 'Service Unavailable',
        message: expect.stringContaining('starting'),
        status: 503,
      })
      expect((await get(base, '/')).status).toBe(200)
    } finally {
      await front.close()
    }
  })

  it('reloads the config file under load without failing a request, reads metadata again, and keeps the running config when a change is invalid', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const file = join(dir, 'reload.json')
    writeFileSync(file, configJson(URL_, { Item: { source: `${schema}.items`, permissions: read } }))
    const service = await serve(file)
    let stop = false
    const statuses: number[] = []
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop) statuses.push((await get(service.address, '/api/Item?$first=5')).status)
      }),
    )
    try {
      expect((await get(service.address, '/api/Other')).status).toBe(404)
      // A new column and a new entity: the reload reads the database's metadata again.
      await admin.query(`ALTER TABLE ${schema}.items ADD COLUMN extra int DEFAULT 7`)
      writeFileSync(
        file,
        configJson(URL_, {
          Item: { source: `${schema}.items`, permissions: read },
          Other: { source: `${schema}.others`, permissions: read },
        }),
      )
      await eventually(
        async () => (await get(service.address, '/api/Other')).status === 200,
        'the new entity is served',
      )
      expect((await get(service.address, '/api/Item/id/1')).body.value[0]).toEqual({ id: 1, label: 'item 1', extra: 7 })
      // An invalid change and a host.mode change are not applied; the running configuration keeps serving.
      writeFileSync(file, '{ "entities": ')
      await new Promise((r) => setTimeout(r, 1_000))
      writeFileSync(
        file,
        configJson(URL_, { Item: { source: `${schema}.items`, permissions: read } }, { host: { mode: 'development' } }),
      )
      await new Promise((r) => setTimeout(r, 1_000))
      expect((await get(service.address, '/api/Other')).status).toBe(200)
    } finally {
      stop = true
      await load
      await service.close()
    }
    expect(statuses.length).toBeGreaterThan(20)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  }, 60_000)

  it('on shutdown answers a request that arrives on an open keep-alive connection, with Connection: close', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const file = join(dir, 'shutdown.json')
    writeFileSync(file, configJson(URL_, { Item: { source: `${schema}.items`, permissions: read } }))
    const service = await serve(file)
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect((await get(service.address, '/api/Item/id/1', agent)).status).toBe(200)
      const closing = service.close()
      const late = await get(service.address, '/api/Item/id/2', agent)
      expect(late.status).toBe(200)
      expect(late.headers['connection']).toBe('close')
      await closing
    } finally {
      agent.destroy()
    }
  })

  it('on SIGTERM-style shutdown under load, every request already sent is answered in full', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const file = join(dir, 'shutdown-load.json')
    writeFileSync(file, configJson(URL_, { Item: { source: `${schema}.items`, permissions: read } }))
    const service = await serve(file)
    const agents = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }))
    let closing: Promise<void> | undefined
    const outcomes: string[] = []
    const load = Promise.all(
      agents.map(async (agent) => {
        for (let n = 0; n < 40; n++) {
          if (n === 10 && closing === undefined) closing = service.close()
          try {
            const res = await get(service.address, `/api/Item?$first=${1 + (n % 20)}`, agent)
            outcomes.push(res.status === 200 && res.body.value.length === 1 + (n % 20) ? 'ok' : `status ${res.status}`)
          } catch (error) {
            // Once the server has stopped, new connections are refused: fine. A reset of a request it accepted is not.
            outcomes.push(
              (error as { code?: string }).code === 'ECONNREFUSED'
                ? 'refused'
                : `error ${(error as { code?: string }).code}`,
            )
          }
        }
      }),
    )
    await load
    await closing
    for (const agent of agents) agent.destroy()
    expect(outcomes.filter((o) => o !== 'ok' && o !== 'refused')).toEqual([])
    expect(outcomes.filter((o) => o === 'ok').length).toBeGreaterThanOrEqual(10)
  })
})
