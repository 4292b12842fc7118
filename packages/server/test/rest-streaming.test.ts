import { randomBytes } from 'node:crypto'
import { get, request } from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'

// Large pages stream from PostgreSQL (pg-cursor) into the response as they arrive. Engine: the real PostgreSQL server.
const URL_ = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
const schema = `sluice_s_${randomBytes(5).toString('hex')}`
const ROWS = 20_000

interface Streamed {
  status: number
  headers: Record<string, unknown>
  chunks: number
  text: string
}

/** GET over a real socket, counting the body's chunks as they arrive. */
function fetchChunks(base: string, path: string, stopAfterBytes?: number): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const request = get(base + path, (res) => {
      let chunks = 0
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => {
        chunks++
        text += d
        if (stopAfterBytes !== undefined && text.length >= stopAfterBytes) {
          request.destroy()
          resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, text })
        }
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, text }))
    })
    request.on('error', (error) => (stopAfterBytes === undefined ? reject(error) : undefined))
  })
}

describe('REST: large pages stream', () => {
  const pool = new pg.Pool({ connectionString: URL_, max: 1 })
  let server: SluiceServer
  let base: string

  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".items (id int PRIMARY KEY, label text NOT NULL, weight numeric(8,2));
      INSERT INTO "${schema}".items SELECT g, 'item "' || g || '"', g / 100.0 FROM generate_series(1, ${ROWS}) g`)
    const config = parseConfig(
      {
        // A pool of two: a stream that did not give its session back would starve the requests after it.
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

  it('sends every row of $first=-1 as one valid envelope, in many chunks, without a Content-Length', async () => {
    const res = await fetchChunks(base, '/api/Item?$first=-1')
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBeUndefined()
    expect(res.chunks).toBeGreaterThan(1)
    const body = JSON.parse(res.text) as { value: { id: number; label: string; weight: number }[]; nextLink?: string }
    expect(body.value).toHaveLength(ROWS)
    expect(body.value[0]).toEqual({ id: 1, label: 'item "1"', weight: 0.01 })
    expect(body.value.at(-1)).toEqual({ id: ROWS, label: `item "${ROWS}"`, weight: ROWS / 100 })
    expect(body.value.every((r, i) => r.id === i + 1)).toBe(true)
    expect(body.nextLink).toBeUndefined()
  })

  it('ends a streamed page with a nextLink that continues where it stopped', async () => {
    const first = JSON.parse(
      (await fetchChunks(base, `/api/Item?$first=5000&$orderby=${encodeURIComponent('weight desc')}`)).text,
    ) as { value: { id: number }[]; nextLink: string }
    expect(first.value).toHaveLength(5000)
    expect(first.value[0]!.id).toBe(ROWS)
    const next = new URL(first.nextLink)
    const second = JSON.parse((await fetchChunks(base, next.pathname + next.search)).text) as {
      value: { id: number }[]
      nextLink: string
    }
    expect(second.value).toHaveLength(5000)
    expect(second.value[0]!.id).toBe(ROWS - 5000)
    expect(second.nextLink).toBeDefined()
  })

  it('applies $select and $filter to a streamed page', async () => {
    const filter = encodeURIComponent('id gt 18000')
    const body = JSON.parse((await fetchChunks(base, `/api/Item?$first=-1&$select=id&$filter=${filter}`)).text) as {
      value: { id: number }[]
    }
    expect(body.value).toHaveLength(ROWS - 18000)
    expect(body.value[0]).toEqual({ id: 18001 })
  })

  it('gives the database session back when the client goes away mid-stream', async () => {
    for (let i = 0; i < 4; i++) {
      const partial = await fetchChunks(base, '/api/Item?$first=-1', 64 * 1024)
      expect(partial.status).toBe(200)
    }
    // With a pool of two, these would wait forever if the abandoned streams still held their sessions.
    const after = await Promise.all([fetchChunks(base, '/api/Item/id/7'), fetchChunks(base, '/api/Item?$first=2000')])
    expect(after.map((r) => r.status)).toEqual([200, 200])
    expect((JSON.parse(after[1].text) as { value: unknown[] }).value).toHaveLength(2000)
  }, 30_000)

  it('answers HEAD for a large page without holding a database session', async () => {
    for (let i = 0; i < 4; i++) {
      const head = await new Promise<number>((resolve, reject) => {
        const req = request(`${base}/api/Item?$first=-1`, { method: 'HEAD' }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', reject)
        req.end()
      })
      expect(head).toBe(200)
    }
    const after = await fetchChunks(base, '/api/Item?$first=1500')
    expect((JSON.parse(after.text) as { value: unknown[] }).value).toHaveLength(1500)
  }, 30_000)

  it('keeps small pages in one piece with their length', async () => {
    const res = await fetchChunks(base, '/api/Item?$first=100')
    expect(res.status).toBe(200)
    expect(res.headers['content-length']).toBeDefined()
  })
})
