import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createLibraryDatabase,
  createRedisPartition,
  REDIS_PORT,
  type LibraryDatabase,
  type RedisPartition,
} from './support/cache-support.js'
import { startSluice } from './support/run-sluice-cli.js'

/**
 * Two `sluice start` processes on one PostgreSQL database and one Redis (runtime.cache.level-2): a write through
 * either instance, over REST, GraphQL or MCP, is seen at once through the other — its cached reads of the written
 * entity, and of entities nesting it, are evicted through the backplane before the write is acknowledged.
 */
const require = createRequire(import.meta.url)
const SAMPLE = JSON.parse(readFileSync(require.resolve('@sluice/example-library/dab-config.json'), 'utf8')) as Record<
  string,
  any
>

type Instance = Awaited<ReturnType<typeof startSluice>>
let db: LibraryDatabase
let partition: RedisPartition
let a: Instance
let b: Instance
let dir: string
const clients: Client[] = []

async function json(instance: Instance, path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const headers = {
    'content-type': 'application/json',
    'x-ms-api-role': 'authenticated',
    ...(init.headers as Record<string, string> | undefined),
  }
  const response = await fetch(`${instance.url}${path}`, { ...init, headers })
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) }
}

const bookTitle = async (instance: Instance, id: number): Promise<string> =>
  (await json(instance, `/api/Book/id/${id}`)).body.value[0].title
const graphql = (instance: Instance, query: string) =>
  json(instance, '/graphql', { method: 'POST', body: JSON.stringify({ query }) })

beforeAll(async () => {
  db = await createLibraryDatabase()
  partition = await createRedisPartition()
  dir = mkdtempSync(join(tmpdir(), 'sluice-cache-'))
  const config = {
    ...SAMPLE,
    'data-source': { 'database-type': 'postgresql', 'connection-string': db.url },
    runtime: {
      ...SAMPLE['runtime'],
      cache: {
        enabled: true,
        'ttl-seconds': 600,
        'level-2': {
          enabled: true,
          provider: 'redis',
          'connection-string': `127.0.0.1:${REDIS_PORT}`,
          partition: partition.name,
        },
      },
    },
  }
  const file = join(dir, 'dab-config.json')
  writeFileSync(file, JSON.stringify(config))
  ;[a, b] = await Promise.all([startSluice(['--config', file], dir), startSluice(['--config', file], dir)])
}, 120_000)

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  await Promise.all([a?.stop(), b?.stop()])
  await partition?.clean()
  await db?.drop()
})

describe('two Sluice processes sharing Redis', () => {
  it("answers one instance's read from what the other cached", async () => {
    const original = await bookTitle(b, 31)
    await db.sql("update books set title = 'Changed behind both' where id = 31")
    expect(await bookTitle(a, 31)).toBe(original)
  })

  it('a REST write through A is visible at once through B', async () => {
    await bookTitle(b, 32)
    const patched = await json(a, '/api/Book/id/32', {
      method: 'PATCH',
      body: JSON.stringify({ title: 'REST write through A' }),
    })
    expect(patched.status).toBe(200)
    expect(await bookTitle(b, 32)).toBe('REST write through A')
  })

  it('a GraphQL mutation through B is visible at once through A, nested reads included', async () => {
    const nested = '{ book_by_pk(id: 33) { id publisher { id name books(first: 100) { items { id title } } } } }'
    const before = (await graphql(a, nested)).body.data.book_by_pk
    await bookTitle(a, 33)
    const mutation = await graphql(
      b,
      'mutation { updateBook(id: 33, item: { title: "GraphQL write through B" }) { id title } }',
    )
    expect(mutation.body.data.updateBook.title).toBe('GraphQL write through B')
    expect(await bookTitle(a, 33)).toBe('GraphQL write through B')
    const after = (await graphql(a, nested)).body.data.book_by_pk
    expect(after.publisher.books.items.find((book: any) => book.id === 33).title).toBe('GraphQL write through B')
    expect(after).not.toEqual(before)
  })

  it('an MCP write through A is visible at once through B, also to reads that filter on the written entity', async () => {
    const filtered = '{ publishers(filter: { books: { title: { eq: "MCP write through A" } } }) { items { id } } }'
    expect((await graphql(b, filtered)).body.data.publishers.items).toEqual([])
    await bookTitle(b, 34)
    const client = new Client({ name: 'sluice-cache-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', a.url), {
        requestInit: { headers: { 'x-ms-api-role': 'authenticated' } },
      }),
    )
    clients.push(client)
    const result = await client.callTool({
      name: 'update_record',
      arguments: { entity: 'Book', keys: { id: 34 }, fields: { title: 'MCP write through A' } },
    })
    expect(result.isError).not.toBe(true)
    expect(await bookTitle(b, 34)).toBe('MCP write through A')
    expect((await graphql(b, filtered)).body.data.publishers.items).toHaveLength(1)
  })

  it('keeps its keys under the partition', async () => {
    const keys = await partition.keys()
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) expect(key.startsWith(`${partition.name}_sluice:`)).toBe(true)
  })
})

describe('sluice start --workers with the cache on and no level 2', () => {
  it('warns in each worker that a write evicts only in its own worker', async () => {
    const file = join(dir, 'workers.json')
    writeFileSync(
      file,
      JSON.stringify({
        ...SAMPLE,
        'data-source': { 'database-type': 'postgresql', 'connection-string': db.url },
        runtime: { ...SAMPLE['runtime'], cache: { enabled: true } },
      }),
    )
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
    const root = fileURLToPath(new URL('../../..', import.meta.url))
    const output = await new Promise<string>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--conditions=@sluice/source',
          '--import',
          'tsx',
          cli,
          'start',
          '--config',
          file,
          '--port',
          '0',
          '--workers',
          '2',
        ],
        {
          cwd: root,
          env: { ...process.env, INIT_CWD: dir, PORT: '', SLUICE_LOG_LEVEL: 'info' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let text = ''
      const seen = (d: Buffer): void => {
        text += d.toString()
        if (text.includes('2 workers are serving')) child.kill('SIGTERM')
      }
      child.stdout!.on('data', seen)
      child.stderr!.on('data', seen)
      child.on('exit', () => resolve(text))
    })
    expect(output).toContain('2 workers are serving')
    expect(output.split('a write evicts only the answers of the worker that made it').length - 1).toBe(2)
  }, 60_000)
})
