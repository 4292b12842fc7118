import type { Client } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createLibraryDatabase,
  createRedisPartition,
  REDIS_PORT,
  type LibraryDatabase,
  type RedisPartition,
} from './support/cache-support.js'
import { collect, connect, type Result } from './support/graphql-ws-client.js'
import { buildLibraryConfig } from './support/library-test-server.js'
import { createServer, type SluiceServer } from '../src/index.js'

// Two Sluice servers on one PostgreSQL database and one Redis (runtime.cache.level-2): a change written through
// either reaches subscribers on both, once each, with each subscriber's own read.
describe('live data across two instances sharing Redis', () => {
  let db: LibraryDatabase
  let partition: RedisPartition
  const servers: SluiceServer[] = []
  const urls: string[] = []

  beforeAll(async () => {
    db = await createLibraryDatabase()
    partition = await createRedisPartition()
    for (let i = 0; i < 2; i++) {
      const config = buildLibraryConfig({
        runtime: {
          host: { mode: 'development' },
          // The level-2 Redis, with the response cache itself off: live data shares it all the same.
          cache: {
            enabled: false,
            'level-2': {
              enabled: true,
              provider: 'redis',
              'connection-string': `127.0.0.1:${REDIS_PORT}`,
              partition: partition.name,
            },
          },
        },
        entities: { Book: { graphql: { subscription: true } } },
        edit: (json) => {
          json['data-source'] = { 'database-type': 'postgresql', 'connection-string': db.url }
        },
      })
      const server = await createServer({ config, logger: false })
      servers.push(server)
      urls.push(await server.listen(0, '127.0.0.1'))
    }
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    await partition?.clean()
    await db?.drop()
  })

  function subscribe(url: string, count: number): { client: Client; done: Promise<Result[]> } {
    const client = connect(`${url.replace(/^http/, 'ws')}/graphql`)
    const query = 'subscription { bookCreated(filter: { title: { startsWith: "Twin" } }) { record { title } } }'
    return { client, done: collect(client, query, count).done }
  }

  it('delivers a change written on one instance to the subscribers of both, once each', async () => {
    const onA = subscribe(urls[0]!, 2)
    const onB = subscribe(urls[1]!, 2)
    for (let i = 0; i < 300 && servers.some((s) => s.sluice.live?.size !== 1); i++)
      await new Promise((r) => setTimeout(r, 10))
    for (const [i, title] of [
      [1, 'Twin from B'],
      [0, 'Twin from A'],
    ] as const) {
      const response = await fetch(`${urls[i]}/api/Book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-MS-API-ROLE': 'authenticated' },
        body: JSON.stringify({ title, publisher_id: 1 }),
      })
      expect(response.status).toBe(201)
      await response.text()
    }
    const [a, b] = await Promise.all([onA.done, onB.done])
    await Promise.all([onA.client.dispose(), onB.client.dispose()])
    const titles = (results: Result[]) => results.map((r) => r.data?.['bookCreated'].record.title)
    expect(titles(a)).toEqual(['Twin from B', 'Twin from A'])
    expect(titles(b)).toEqual(['Twin from B', 'Twin from A'])
  })
})
