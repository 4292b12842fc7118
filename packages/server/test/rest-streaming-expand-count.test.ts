import { randomBytes } from 'node:crypto'
import { get, request } from 'node:http'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'

// Large pages keep streaming with $expand and $count (PostgreSQL and MariaDB, the engines that stream): each
// record carries its nested lists, rewritten to arrays record by record; the count leads the envelope.
const PARENTS = 3000
const PG_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
const MARIADB_URL = process.env['SLUICE_MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test'

interface Streamed {
  readonly status: number
  readonly headers: Record<string, unknown>
  readonly chunks: number
  readonly text: string
}

function fetchChunks(base: string, path: string): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    get(base + path, (res) => {
      let chunks = 0
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => {
        chunks++
        text += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, text }))
    }).on('error', reject)
  })
}

/** POSTs a GraphQL query over a real socket, counting the body's chunks. */
function postChunks(base: string, query: string): Promise<Streamed> {
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, text }))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ query }))
  })
}

interface Engine {
  readonly name: string
  /** Creates `item` (PARENTS rows) and `part` (id mod 4 parts per item), returns the data source and a clean-up. */
  setUp(): Promise<
    | {
        readonly source: Record<string, unknown>
        readonly qualify: (table: string) => string
        readonly tearDown: () => Promise<void>
      }
    | string
  >
}

const ITEMS_SQL = (item: string, part: string, series: string) => [
  `CREATE TABLE ${item} (id INT PRIMARY KEY, label VARCHAR(40) NOT NULL)`,
  `CREATE TABLE ${part} (id INT PRIMARY KEY, item_id INT NOT NULL, name VARCHAR(40) NOT NULL)`,
  `INSERT INTO ${item} SELECT g, CONCAT('item ', g) FROM ${series}`,
  // Item n has n mod 4 parts: 0 to 3.
  `INSERT INTO ${part} SELECT g * 10 + k, g, CONCAT('part ', k) FROM ${series} CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) AS ks WHERE k <= g % 4`,
]

const engines: Engine[] = [
  {
    name: 'PostgreSQL',
    async setUp() {
      const schema = `sluice_se_${randomBytes(5).toString('hex')}`
      const pool = new pg.Pool({ connectionString: PG_URL, max: 1 })
      try {
        await pool.query(`CREATE SCHEMA "${schema}"`)
      } catch (error) {
        await pool.end()
        if (process.env['CI'] === 'true') throw error
        return `PostgreSQL unreachable at ${PG_URL}: ${String(error)}`
      }
      for (const sql of ITEMS_SQL(`"${schema}".item`, `"${schema}".part`, `generate_series(1, ${PARENTS}) AS s(g)`))
        await pool.query(sql)
      return {
        source: { 'database-type': 'postgresql', 'connection-string': PG_URL },
        qualify: (table) => `${schema}.${table}`,
        tearDown: async () => {
          await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
          await pool.end()
        },
      }
    },
  },
  {
    name: 'MariaDB',
    async setUp() {
      const database = `sluice_se_${randomBytes(5).toString('hex')}`
      const admin = mysql.createPool({ uri: MARIADB_URL, connectionLimit: 1, connectTimeout: 5_000 })
      try {
        await admin.query(`CREATE DATABASE \`${database}\``)
      } catch (error) {
        await admin.end()
        if (process.env['CI'] === 'true') throw error
        return `MariaDB unreachable at ${MARIADB_URL}: ${String(error)}`
      }
      // MariaDB's sequence engine gives the numbers 1…PARENTS.
      for (const sql of ITEMS_SQL(
        `\`${database}\`.item`,
        `\`${database}\`.part`,
        `(SELECT seq AS g FROM seq_1_to_${PARENTS}) AS s`,
      ))
        await admin.query(sql)
      const target = new URL(MARIADB_URL)
      target.pathname = `/${database}`
      return {
        source: { 'database-type': 'mysql', 'connection-string': target.toString() },
        qualify: (table) => table,
        tearDown: async () => {
          await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
          await admin.end()
        },
      }
    },
  },
]

for (const engine of engines) {
  describe(`REST: streamed pages with $expand and $count (${engine.name})`, () => {
    let server: SluiceServer | undefined
    let base = ''
    let tearDown: (() => Promise<void>) | undefined
    let unavailable: string | undefined

    beforeAll(async () => {
      const setUp = await engine.setUp()
      if (typeof setUp === 'string') {
        unavailable = setUp
        return
      }
      tearDown = setUp.tearDown
      const config = parseConfig(
        {
          'data-source': setUp.source,
          runtime: { host: { mode: 'production' }, pagination: { 'max-page-size': 100_000 } },
          entities: {
            Item: {
              source: setUp.qualify('item'),
              permissions: [{ role: 'anonymous', actions: ['read'] }],
              relationships: {
                parts: {
                  cardinality: 'many',
                  'target.entity': 'Part',
                  'source.fields': ['id'],
                  'target.fields': ['item_id'],
                },
              },
            },
            Part: {
              source: setUp.qualify('part'),
              permissions: [{ role: 'anonymous', actions: ['read'] }],
              relationships: {
                item: {
                  cardinality: 'one',
                  'target.entity': 'Item',
                  'source.fields': ['item_id'],
                  'target.fields': ['id'],
                },
              },
            },
          },
        },
        { baseDir: process.cwd(), env: {} },
      )
      server = await createServer({ config, logger: false })
      base = await server.listen(0, '127.0.0.1')
    }, 120_000)
    afterAll(async () => {
      await server?.close()
      await tearDown?.()
    })

    it('streams a large page whose records carry arrays, @count and @nextLink, with the count first', async (context) => {
      if (unavailable !== undefined) context.skip(unavailable)
      const res = await fetchChunks(
        base,
        `/api/Item?$first=${PARENTS}&$count=true&$expand=${encodeURIComponent('parts($select=name;$orderby=id;$first=2;$count=true)')}`,
      )
      expect(res.status).toBe(200)
      expect(res.headers['content-length']).toBeUndefined()
      expect(res.chunks).toBeGreaterThan(1)
      expect(res.text.startsWith(`{"count":${PARENTS},"value":[`)).toBe(true)
      const body = JSON.parse(res.text) as { count: number; value: any[] }
      expect(body.value).toHaveLength(PARENTS)
      body.value.forEach((item, i) => {
        const parts = (i + 1) % 4
        expect(item.id).toBe(i + 1)
        expect(item['parts@count']).toBe(parts)
        expect(item.parts).toEqual(['part 1', 'part 2'].slice(0, Math.min(parts, 2)).map((name) => ({ name })))
        expect(item['parts@nextLink'] !== undefined).toBe(parts > 2)
      })
      // A streamed record's link is as good as a whole page's.
      const link = new URL(body.value[2]['parts@nextLink'])
      const next = JSON.parse((await fetchChunks(base, link.pathname + link.search)).text) as { value: any[] }
      expect(next.value).toEqual([{ id: 3, 'parts@count': 3, parts: [{ name: 'part 3' }] }])
    })

    it('streams a large page whose nested lists are complete arrays or, with more parts, arrays and @nextLink', async (context) => {
      if (unavailable !== undefined) context.skip(unavailable)
      // No nested count: PostgreSQL sends a complete nested page as its array, and only a page with more as an object.
      const res = await fetchChunks(
        base,
        `/api/Item?$first=${PARENTS}&$expand=${encodeURIComponent('parts($select=name;$orderby=id;$first=2)')}`,
      )
      expect(res.chunks).toBeGreaterThan(1)
      const body = JSON.parse(res.text) as { value: any[] }
      expect(body.value).toHaveLength(PARENTS)
      body.value.forEach((item, i) => {
        const parts = (i + 1) % 4
        expect(item.parts).toEqual(['part 1', 'part 2'].slice(0, Math.min(parts, 2)).map((name) => ({ name })))
        expect(item['parts@nextLink'] !== undefined).toBe(parts > 2)
        expect(Object.keys(item)).toEqual(
          parts > 2 ? ['id', 'label', 'parts', 'parts@nextLink'] : ['id', 'label', 'parts'],
        )
      })
    })

    it('streams a large GraphQL list with nested connections and totalCount', async (context) => {
      if (unavailable !== undefined) context.skip(unavailable)
      const res = await postChunks(
        base,
        `{ items(first: ${PARENTS}) { totalCount items { id parts(first: 1) { totalCount items { name } endCursor } } } }`,
      )
      expect(res.status).toBe(200)
      expect(res.chunks).toBeGreaterThan(1)
      const body = JSON.parse(res.text) as { data: { items: { totalCount: number; items: any[] } } }
      expect(body.data.items.totalCount).toBe(PARENTS)
      body.data.items.items.forEach((item, i) => {
        const parts = (i + 1) % 4
        expect(item.parts.totalCount).toBe(parts)
        expect(item.parts.items).toEqual(parts === 0 ? [] : [{ name: 'part 1' }])
        expect(item.parts.endCursor === null).toBe(parts <= 1)
      })
    })

    it('streams to-one expansions, and counts a streamed first page without $expand', async (context) => {
      if (unavailable !== undefined) context.skip(unavailable)
      const res = await fetchChunks(base, '/api/Part?$first=-1&$expand=item($select=label)')
      expect(res.chunks).toBeGreaterThan(1)
      const body = JSON.parse(res.text) as { value: any[] }
      for (const part of body.value) expect(part.item).toEqual({ label: `item ${part.item_id}` })
      const counted = await fetchChunks(
        base,
        `/api/Item?$first=2000&$count=true&$filter=${encodeURIComponent('id gt 2500')}`,
      )
      expect(JSON.parse(counted.text)).toMatchObject({ count: PARENTS - 2500 })
    })
  })
}
