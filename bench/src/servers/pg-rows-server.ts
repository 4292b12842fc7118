import Fastify from 'fastify'
import pg from 'pg'
import { FILTER_SQL, KEY_SQL, LIST_SQL } from './book-queries.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Baseline (b): fastify + pg.Pool(max 10), named (prepared) queries, rows decoded by pg and serialized by fastify
// (no response schema, i.e. JSON.stringify). pg's defaults apply: numeric arrives as a string.
const { port, databaseUrl } = readServerEnv()
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
const app = Fastify({ logger: false })

interface ListQuery { readonly limit?: string }
interface FilterQuery { minYear?: string; maxPrice?: string; limit?: string }

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
app.get<{ Params: { id: string } }>('/books/:id', async (request, reply) => {
  const result = await pool.query({ name: 'by-key', text: KEY_SQL, values: [Number(request.params.id)] })
  const row = result.rows[0]
  if (row === undefined) return reply.code(404).send({ error: 'not found' })
  return row
})

await app.listen({ port, host: '127.0.0.1' })
closeOnSignals(async () => {
  await app.close()
  await pool.end()
})
