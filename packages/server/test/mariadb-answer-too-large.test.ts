import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type mysql from 'mysql2/promise'
import { parseConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { createMariaDbDatabase, MARIADB_ADMIN_URL } from './support/database-admin.js'

/**
 * Answers larger than MariaDB's max_allowed_packet (16 MiB on the test server), over HTTP: the database builds each
 * answer's JSON with GROUP_CONCAT, CONCAT and JSON_OBJECT, which return NULL (or a cut text) past that size with only
 * a warning. Each such answer must be an error, never a short or empty 200. One author has 600 books of 30,000
 * characters (18 MB); another has two short ones, a third none. 999 poems of 4,230 four-byte characters (17 MB) are
 * sized so that GROUP_CONCAT cuts their page inside a character, 2 bytes short of the limit: CONCAT then still fits,
 * and the cut text is not NULL. Skips when MariaDB is unreachable, except under CI=true, where it fails.
 */
const database = `sluice_big_${randomBytes(5).toString('hex')}`
const BIG_BOOKS = 600
const POEMS = 999
let admin: mysql.Pool
let server: SluiceServer | undefined
let unavailable: string | undefined

beforeAll(async () => {
  const created = await createMariaDbDatabase(database)
  if ('unavailable' in created) return void (unavailable = created.unavailable)
  admin = created.admin
  const db = `\`${database}\``
  await admin.query(`CREATE TABLE ${db}.authors (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)`)
  await admin.query(`CREATE TABLE ${db}.books (id INT PRIMARY KEY, author_id INT NOT NULL, body MEDIUMTEXT NOT NULL,
    KEY (author_id))`)
  await admin.query(`INSERT INTO ${db}.authors VALUES (1, 'Prolific'), (2, 'Brief'), (3, 'Silent')`)
  // Every body distinct (it starts with its id), so grouping by it yields one group per book.
  await admin.query(`INSERT INTO ${db}.books SELECT seq, 1, CONCAT(seq, REPEAT('x', 30000)) FROM seq_1_to_${BIG_BOOKS}`)
  await admin.query(`INSERT INTO ${db}.books VALUES (1001, 2, 'short'), (1002, 2, 'shorter')`)
  await admin.query(`CREATE TABLE ${db}.poems (id INT PRIMARY KEY, body MEDIUMTEXT CHARACTER SET utf8mb4 NOT NULL)`)
  await admin.query(`INSERT INTO ${db}.poems SELECT seq, REPEAT(_utf8mb4 0xF09F9880, 4230)
    FROM seq_10000_to_${10000 + POEMS - 1}`)
  const target = new URL(MARIADB_ADMIN_URL)
  target.pathname = `/${database}`
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'mysql', 'connection-string': target.toString() },
      runtime: { rest: { path: '/api' }, graphql: { path: '/graphql' }, host: { mode: 'development' } },
      entities: {
        Author: {
          source: { object: 'authors', type: 'table' },
          relationships: {
            books: {
              cardinality: 'many',
              'target.entity': 'Book',
              'source.fields': ['id'],
              'target.fields': ['author_id'],
            },
          },
          permissions: [{ role: 'anonymous', actions: ['read'] }],
        },
        Book: {
          source: { object: 'books', type: 'table' },
          relationships: {
            author: {
              cardinality: 'one',
              'target.entity': 'Author',
              'source.fields': ['author_id'],
              'target.fields': ['id'],
            },
          },
          permissions: [{ role: 'anonymous', actions: ['read'] }],
        },
        Poem: { source: { object: 'poems', type: 'table' }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
      },
    },
    { baseDir: process.cwd(), env: {} },
  )
  server = await createServer({ config, logger: false })
}, 60_000)

afterAll(async () => {
  await server?.close()
  if (unavailable === undefined) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
  await admin.end()
})

async function get(path: string) {
  const response = await server!.app.inject({ method: 'GET', url: path })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

async function graphql(query: string) {
  const response = await server!.app.inject({ method: 'POST', url: '/graphql', payload: { query } })
  return { status: response.statusCode, body: JSON.parse(response.body) }
}

const TOO_LARGE = 'SLUICE_ERR_DATABASE_RESULT_TOO_LARGE'
const expand = (options: string) => `$expand=${encodeURIComponent(`books(${options})`)}`

describe('MariaDB: an answer larger than max_allowed_packet', () => {
  it('REST: a page of 18 MB is a 413, not an empty page; small and empty pages are still answered', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const big = await get(`/api/Book?$first=${BIG_BOOKS}&$orderby=id`)
    expect(big.status).toBe(413)
    expect(big.body.error.message).toMatch(/max_allowed_packet/)
    const small = await get('/api/Book?$first=3&$orderby=id&$select=id,author_id')
    expect(small.body.value).toEqual([
      { id: 1, author_id: 1 },
      { id: 2, author_id: 1 },
      { id: 3, author_id: 1 },
    ])
    const none = await get(`/api/Book?$filter=${encodeURIComponent('id lt 0')}`)
    expect(none).toEqual({ status: 200, body: { value: [] } })
  })

  it('REST: a page cut inside a four-byte character (the cut text still fits CONCAT) is a 413 too', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const cut = await get(`/api/Poem?$first=${POEMS}`)
    expect(cut.status).toBe(413)
    expect((await get('/api/Poem?$first=2&$select=id')).body.value).toEqual([{ id: 10000 }, { id: 10001 }])
  })

  it('REST $expand: a nested page of 18 MB is a 413 in a list and by key; small, empty ones read', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const list = await get(`/api/Author?$orderby=id&${expand(`$first=${BIG_BOOKS}`)}`)
    expect(list.status).toBe(413)
    const byKey = await get(`/api/Author/id/1?${expand(`$first=${BIG_BOOKS}`)}`)
    expect(byKey.status).toBe(413)
    const filter = `$filter=${encodeURIComponent('id gt 1')}`
    const small = await get(`/api/Author?${filter}&$orderby=id&${expand('$select=id,body;$orderby=id')}`)
    expect(small.status).toBe(200)
    expect(small.body.value).toEqual([
      {
        id: 2,
        name: 'Brief',
        books: [
          { id: 1001, body: 'short' },
          { id: 1002, body: 'shorter' },
        ],
      },
      { id: 3, name: 'Silent', books: [] },
    ])
  })

  it('GraphQL: a nested list of 18 MB is an error, not a null or empty list', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const books = (args: string) => `books${args} { items { id body } }`
    const big = await graphql(`{ authors(orderBy: { id: ASC }) { items { name ${books(`(first: ${BIG_BOOKS})`)} } } }`)
    expect(big.body.errors?.[0]?.extensions?.sluiceCode).toBe(TOO_LARGE)
    expect(big.body.data?.authors ?? null).toBeNull()
    const small = await graphql(`{ authors(filter: { id: { gt: 1 } }, orderBy: { id: ASC })
      { items { name ${books('')} } } }`)
    expect(small.body.data.authors.items).toEqual([
      {
        name: 'Brief',
        books: {
          items: [
            { id: 1001, body: 'short' },
            { id: 1002, body: 'shorter' },
          ],
        },
      },
      { name: 'Silent', books: { items: [] } },
    ])
  })

  it('GraphQL groupBy: 600 groups of 30,000 characters are an error, not an empty list', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const groupBy = (args: string) => `{ books${args} { groupBy(fields: [body]) {
      fields { body } aggregations { count(field: id) } } } }`
    const big = await graphql(groupBy(`(first: ${BIG_BOOKS})`))
    expect(big.body.errors?.[0]?.extensions?.sluiceCode).toBe(TOO_LARGE)
    expect(big.body.data?.books ?? null).toBeNull()
    const small = await graphql(groupBy('(filter: { author_id: { eq: 2 } })'))
    expect(small.body).toEqual({
      data: {
        books: {
          groupBy: [
            { fields: { body: 'short' }, aggregations: { count: 1 } },
            { fields: { body: 'shorter' }, aggregations: { count: 1 } },
          ],
        },
      },
    })
    const none = await graphql(groupBy('(filter: { author_id: { eq: 3 } })'))
    expect(none.body).toEqual({ data: { books: { groupBy: [] } } })
  })
})
