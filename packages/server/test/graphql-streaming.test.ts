import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'

// A large GraphQL list flows out as the database's cursor yields it, as REST's large pages do, instead of being held
// whole, parsed and written again. Engine: the real PostgreSQL server.
const URL_ = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
const schema = `sluice_gs_${randomBytes(5).toString('hex')}`
const ROWS = 5_000
// 64-bit values beyond 2^53 must keep their digits through the per-record re-keying too.
const BIG = '9007199254740993'

interface Answer {
  status: number
  chunks: number
  headers: Record<string, unknown>
  text: string
}

function post(base: string, query: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/graphql`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let chunks = 0
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => {
          chunks++
          text += d
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, chunks, headers: res.headers, text }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ query }))
  })
}

describe('GraphQL: large lists stream', () => {
  const pool = new pg.Pool({ connectionString: URL_, max: 1 })
  let server: SluiceServer
  let base: string

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".items (id int PRIMARY KEY, label text NOT NULL, big bigint NOT NULL);
      INSERT INTO "${schema}".items SELECT g, 'item "' || g || '"', ${BIG} FROM generate_series(1, ${ROWS}) g`)
    const config = parseConfig(
      {
        'data-source': { 'database-type': 'postgresql', 'connection-string': `${URL_}?maxpoolsize=2` },
        runtime: { host: { mode: 'production' }, pagination: { 'max-page-size': 100_000 } },
        entities: { Item: { source: `${schema}.items`, permissions: [{ role: 'anonymous', actions: ['read'] }] } },
      },
      { baseDir: process.cwd() },
    )
    server = await createServer({ config, logger: false })
    base = await server.listen(0, '127.0.0.1')
  })
  afterAll(async () => {
    await server?.close()
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => pool.end())
  })

  it('sends a large list in many chunks, as one valid answer equal to the whole one', async () => {
    const res = await post(base, `{ items(first: ${ROWS}) { items { id label big } hasNextPage endCursor } }`)
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBeUndefined()
    expect(res.chunks).toBeGreaterThan(1)
    expect(res.text).toContain(`"big":${BIG}`)
    const { data } = JSON.parse(res.text) as {
      data: { items: { items: { id: number; label: string }[]; hasNextPage: boolean; endCursor: string | null } }
    }
    expect(data.items.items).toHaveLength(ROWS)
    expect(data.items.items.every((r, i) => r.id === i + 1 && r.label === `item "${i + 1}"`)).toBe(true)
    expect(data.items.hasNextPage).toBe(false)
    expect(data.items.endCursor).toBeNull()
  })

  it('re-keys each streamed record for aliases and field order, and ends with a cursor that continues the list', async () => {
    const res = await post(
      base,
      `{ page: items(first: 2000, orderBy: { id: DESC }) { __typename rows: items { big n: id } more: hasNextPage after: endCursor } }`,
    )
    expect(res.headers['content-length']).toBeUndefined()
    expect(
      res.text.startsWith(`{"data":{"page":{"__typename":"ItemConnection","rows":[{"big":${BIG},"n":${ROWS}},`),
    ).toBe(true)
    const page = (JSON.parse(res.text) as { data: { page: { rows: { n: number }[]; more: boolean; after: string } } })
      .data.page
    expect(page.rows).toHaveLength(2000)
    expect(page.more).toBe(true)
    const next = JSON.parse(
      (
        await post(
          base,
          `{ items(first: 1, orderBy: { id: DESC }, after: ${JSON.stringify(page.after)}) { items { id } } }`,
        )
      ).text,
    ) as { data: { items: { items: { id: number }[] } } }
    expect(next.data.items.items).toEqual([{ id: ROWS - 2000 }])
  })

  it('answers whole, unchanged, when the paging fields come before the records', async () => {
    const res = await post(base, `{ items(first: 1500) { hasNextPage items { id } } }`)
    const { data } = JSON.parse(res.text) as { data: { items: { hasNextPage: boolean; items: unknown[] } } }
    expect(Object.keys(data.items)).toEqual(['hasNextPage', 'items'])
    expect(data.items.hasNextPage).toBe(true)
    expect(data.items.items).toHaveLength(1500)
    expect(res.headers['content-length']).toBeDefined()
  })
})
