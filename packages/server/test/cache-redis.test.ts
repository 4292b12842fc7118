import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type SluiceServer } from '../src/index.js'
import { buildLibraryConfig, requestJson, type JsonResponse } from './support/library-test-server.js'
import {
  createLibraryDatabase,
  createRedisPartition,
  eventually,
  REDIS_PORT,
  startTcpProxy,
  type LibraryDatabase,
  type RedisPartition,
  type TcpProxy,
} from './support/cache-support.js'

/**
 * The response cache's shared level (Redis) between two servers on one PostgreSQL database, in one process: answers
 * shared through Redis, writes evicting on the other server, level L1 staying local, and Redis going away and
 * coming back (through a TCP proxy the test cuts): reads then come from the database, one warning, evictions of
 * writes made meanwhile delivered once Redis is back.
 */
let db: LibraryDatabase
let partition: RedisPartition
let proxy: TcpProxy
const servers: SluiceServer[] = []
const logs: Record<string, unknown>[][] = []

async function start(
  redisPort: number,
  entities: Record<string, Record<string, unknown>> = {},
): Promise<{ server: SluiceServer; log: Record<string, unknown>[] }> {
  const log: Record<string, unknown>[] = []
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        log.push(JSON.parse(line) as Record<string, unknown>)
      },
    },
  )
  const config = buildLibraryConfig({
    runtime: {
      cache: {
        enabled: true,
        'ttl-seconds': 600,
        'level-2': {
          enabled: true,
          provider: 'redis',
          'connection-string': `127.0.0.1:${redisPort},abortConnect=False`,
          partition: partition.name,
        },
      },
    },
    entities,
    edit: (json) => {
      json['data-source'] = { 'database-type': 'postgresql', 'connection-string': db.url }
    },
  })
  const server = await createServer({ config, logger, cursorSecret: 'shared by the instances' })
  servers.push(server)
  logs.push(log)
  return { server, log }
}

const get = (server: SluiceServer, url: string, headers: Record<string, string> = {}): Promise<JsonResponse> =>
  requestJson(server.app, url, { headers })
const titleOf = async (server: SluiceServer, id: number): Promise<string> =>
  (await get(server, `/api/Book/id/${id}`)).body.value[0].title

beforeAll(async () => {
  db = await createLibraryDatabase()
  partition = await createRedisPartition()
  proxy = await startTcpProxy(REDIS_PORT)
})

afterAll(async () => {
  for (const server of servers) await server.close()
  await proxy?.close()
  await partition?.clean()
  await db?.drop()
})

describe('shared cache on Redis (two servers, one database)', () => {
  let a: SluiceServer
  let b: SluiceServer

  beforeAll(async () => {
    a = (await start(REDIS_PORT, { Author: { cache: { level: 'L1' } } })).server
    b = (await start(REDIS_PORT, { Author: { cache: { level: 'L1' } } })).server
  })

  it("answers one server's read from the entry the other stored in Redis", async () => {
    const original = await titleOf(a, 11)
    await db.sql("update books set title = 'Changed behind both servers' where id = 11")
    // B never read book 11: the old title can only come from the entry A stored in Redis.
    expect(await titleOf(b, 11)).toBe(original)
    expect((await partition.keys()).some((key) => key.startsWith(`${partition.name}_sluice:e:`))).toBe(true)
  })

  it('keeps entries of level L1 entities in each server', async () => {
    const first = (await get(a, '/api/Author/id/1')).body.value[0].name
    await db.sql("update authors set name = 'Renamed behind' where id = 1")
    expect((await get(a, '/api/Author/id/1')).body.value[0].name).toBe(first)
    expect((await get(b, '/api/Author/id/1')).body.value[0].name).toBe('Renamed behind')
  })

  it('evicts on the other server at once after a write, level L1 entries included', async () => {
    await titleOf(b, 12)
    await get(b, '/api/Author/id/2')
    const patched = await requestJson(a.app, '/api/Book/id/12', {
      method: 'PATCH',
      role: 'authenticated',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"Written through A"}',
    })
    expect(patched.status).toBe(200)
    expect(await titleOf(b, 12)).toBe('Written through A')
    const renamed = await requestJson(a.app, '/api/Author/id/2', {
      method: 'PATCH',
      role: 'authenticated',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Renamed through A"}',
    })
    expect(renamed.status).toBe(200)
    expect((await get(b, '/api/Author/id/2')).body.value[0].name).toBe('Renamed through A')
  })

  it("answers only-if-cached from the other server's entry", async () => {
    expect((await get(b, '/api/Book/id/13', { 'cache-control': 'only-if-cached' })).status).toBe(504)
    await titleOf(a, 13)
    expect((await get(b, '/api/Book/id/13', { 'cache-control': 'only-if-cached' })).status).toBe(200)
  })
})

describe('Redis unreachable', () => {
  it('starts and answers from the database when nothing listens on the port, with one warning', async () => {
    const closed = await startTcpProxy(REDIS_PORT)
    const port = closed.port
    await closed.close()
    const { server, log } = await start(port)
    const first = await titleOf(server, 21)
    await db.sql("update books set title = 'Seen without Redis' where id = 21")
    expect(await titleOf(server, 21)).toBe('Seen without Redis')
    expect(first).not.toBe('Seen without Redis')
    expect((await get(server, '/api/Book/id/21', { 'cache-control': 'only-if-cached' })).status).toBe(504)
    const warnings = log.filter((line) => String(line['msg']).includes('cannot use Redis'))
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]!['msg'])).toContain(`127.0.0.1:${port}`)
  })

  it('serves from the database while Redis is away, then resumes and delivers the evictions of writes made meanwhile', async () => {
    const { server: viaProxy, log } = await start(proxy.port)
    const { server: direct } = await start(REDIS_PORT)
    await titleOf(viaProxy, 22)
    await titleOf(direct, 23)
    await db.sql("update books set title = 'Cached before the outage' where id = 22")
    expect(await titleOf(viaProxy, 22)).not.toBe('Cached before the outage')

    await proxy.stop()
    // Out of step: every read goes to the database, however often it is asked.
    expect(await eventually(async () => (await titleOf(viaProxy, 22)) === 'Cached before the outage')).toBe(true)
    for (let i = 0; i < 5; i++) expect(await titleOf(viaProxy, 22)).toBe('Cached before the outage')
    // A write through the cut-off server: the other server cannot hear of it yet.
    const patched = await requestJson(viaProxy.app, '/api/Book/id/23', {
      method: 'PATCH',
      role: 'authenticated',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":"Written during the outage"}',
    })
    expect(patched.status).toBe(200)
    expect(await titleOf(direct, 23)).not.toBe('Written during the outage')
    expect(log.filter((line) => String(line['msg']).includes('cannot use Redis'))).toHaveLength(1)

    await proxy.start()
    // Back in step: the pending eviction reached the other server, and caching resumes.
    expect(await eventually(async () => (await titleOf(direct, 23)) === 'Written during the outage')).toBe(true)
    expect(
      await eventually(async () => log.some((line) => String(line['msg']).includes('again: cached reads resume'))),
    ).toBe(true)
    await titleOf(viaProxy, 24)
    await db.sql("update books set title = 'Cached after the outage' where id = 24")
    expect(await titleOf(viaProxy, 24)).not.toBe('Cached after the outage')
  })
})

describe('streamed pages', () => {
  it('are never cached: only-if-cached cannot be answered, and a change shows at once', async () => {
    const { server } = await start(REDIS_PORT)
    const url = '/api/Loan?$first=1500&$orderby=id'
    const loans = async (headers: Record<string, string> = {}): Promise<JsonResponse> =>
      requestJson(server.app, url, { role: 'authenticated', headers })
    const first = await loans()
    expect(first.status).toBe(200)
    expect(first.body.value).toHaveLength(1500)
    await db.sql("update loans set member = 'Streamed, never cached' where id = 1")
    expect((await loans()).body.value[0].member).toBe('Streamed, never cached')
    const onlyCached = await loans({ 'cache-control': 'only-if-cached' })
    expect(onlyCached.status).toBe(504)
    expect(onlyCached.body.error.message).toBe("Header 'only-if-cached' was used but item was not found in cache.")
  })
})
