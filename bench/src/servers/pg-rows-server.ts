import Fastify from 'fastify'
import pg from 'pg'
import {
  EXPAND_SQL,
  FILTER_SQL,
  INSERT_SQL,
  KEY_SQL,
  LIST_SQL,
  POLICY_SQL,
  PROCEDURE_SQL,
  SELECT_SQL,
  UPDATE_SQL,
  type BookChange,
  type NewBook,
} from './book-queries.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Baseline (b): fastify + pg.Pool(max 10), named (prepared) queries, rows decoded by pg and serialized by fastify
// (no response schema, i.e. JSON.stringify). pg's defaults apply: numeric arrives as a string. The writes answer like
// Sluice: POST 201 + {"value":[row]} + an absolute Location, PATCH 200 + {"value":[row]}; the body is not validated.
const { port, databaseUrl } = readServerEnv()
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
const app = Fastify({ logger: false })

interface ListQuery {
  readonly limit?: string
}
interface FilterQuery {
  minYear?: string
  maxPrice?: string
  limit?: string
}

app.get('/', async () => ({ status: 'ok' }))
app.get<{ Querystring: ListQuery }>('/books', async (request) => {
  const result = await pool.query({ name: 'list', text: LIST_SQL, values: [] })
  return result.rows
})
app.get<{ Querystring: FilterQuery }>('/books/filter', async (request) => {
  const { minYear, maxPrice } = request.query
  const result = await pool.query({ name: 'filter', text: FILTER_SQL, values: [Number(minYear), Number(maxPrice)] })
  return result.rows
})
app.get('/books/select', async () => (await pool.query({ name: 'select', text: SELECT_SQL, values: [] })).rows)
app.get('/books/policy', async () => (await pool.query({ name: 'policy', text: POLICY_SQL, values: [] })).rows)
// `$expand`: pg decodes the embedded json columns into objects and arrays, fastify serializes them again.
app.get('/catalog/expand', async () => (await pool.query({ name: 'expand', text: EXPAND_SQL, values: [] })).rows)
app.get<{ Querystring: { author?: string } }>('/books/by-author', async (request) => {
  return (await pool.query({ name: 'procedure', text: PROCEDURE_SQL, values: [Number(request.query.author)] })).rows
})
app.get<{ Params: { id: string } }>('/books/:id', async (request, reply) => {
  const result = await pool.query({ name: 'by-key', text: KEY_SQL, values: [Number(request.params.id)] })
  const row = result.rows[0]
  if (row === undefined) return reply.code(404).send({ error: 'not found' })
  return row
})
app.post<{ Body: NewBook }>('/books', async (request, reply) => {
  const b = request.body
  const result = await pool.query({
    name: 'insert',
    text: INSERT_SQL,
    values: [b.title, b.author_id, b.year, b.price, b.isbn, b.pages],
  })
  const row = result.rows[0] as { id: number } | undefined
  if (row === undefined) throw new Error('the INSERT returned no row')
  return reply
    .code(201)
    .header('location', `${request.protocol}://${request.host}/books/${row.id}`)
    .send({ value: [row] })
})
app.patch<{ Params: { id: string }; Body: BookChange }>('/books/:id', async (request, reply) => {
  const b = request.body
  const result = await pool.query({
    name: 'update',
    text: UPDATE_SQL,
    values: [Number(request.params.id), b.price, b.pages],
  })
  const row = result.rows[0]
  if (row === undefined) return reply.code(404).send({ error: 'not found' })
  return { value: [row] }
})

await app.listen({ port, host: '127.0.0.1' })
closeOnSignals(async () => {
  await app.close()
  await pool.end()
})
