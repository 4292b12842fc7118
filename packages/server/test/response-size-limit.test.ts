import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'

// runtime.host.max-response-size-mb (Data API builder's key; default 158, enforced always here): a read whose JSON
// would exceed it answers 413 with DAB's message; a streamed REST page is cut off once it passes the limit.
const dir = mkdtempSync(join(tmpdir(), 'sluice-size-'))
let server: SluiceServer

beforeAll(async () => {
  // 3,000 rows of about 2 KB: 6 MB in all, over the 1 MB limit set below.
  writeFileSync(
    join(dir, 'seed.sql'),
    "create table items(id int primary key, label text); insert into items select g, repeat('x', 2000) from generate_series(1, 3000) g;",
  )
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: join(dir, 'seed.sql') } },
      runtime: { host: { mode: 'production', 'max-response-size-mb': 1 } },
      entities: { Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    },
    { baseDir: dir, env: {} },
  )
  server = await createServer({ config, logger: false })
}, 60_000)

afterAll(async () => {
  await server?.close()
})

describe('max-response-size-mb', () => {
  it("answers a REST page over the limit with 413 and DAB's message, and one under it with 200", async () => {
    const big = await server.app.inject({ method: 'GET', url: '/api/Item?$first=999' })
    expect(big.statusCode).toBe(413)
    expect(JSON.parse(big.body)).toEqual({
      error: {
        code: 'Payload Too Large',
        status: 413,
        message: 'The JSON result size exceeds max result size of 1MB. Please use pagination to reduce size of result.',
      },
    })
    expect((await server.app.inject({ method: 'GET', url: '/api/Item?$first=400' })).statusCode).toBe(200)
  })

  it('answers a GraphQL list over the limit with an error naming it', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ items(first: 999) { items { id label } } }' },
    })
    const body = JSON.parse(res.body) as { errors?: { message: string; extensions: { status: number } }[] }
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('exceeds max result size of 1MB'),
      extensions: { status: 413 },
    })
  })

  it('bounds $first=-1 too (PGlite builds the page whole; streamed pages are cut off, see resilience-postgres)', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/Item?$first=-1' })).statusCode).toBe(413)
  })
})
