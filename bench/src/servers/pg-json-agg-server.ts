import Fastify from 'fastify'
import pg from 'pg'
import { FILTER_SQL, LIST_SQL, jsonAggSql } from './book-queries.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Baseline (c): fastify + pg.Pool(max 10), PostgreSQL builds the JSON array (json_agg ... ::text) and the string is
// sent unchanged: no row decoding or serialization in Node. The ceiling for a list endpoint.
const { port, databaseUrl } = readServerEnv()
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
const app = Fastify({ logger: false })
const LIST_JSON_SQL = jsonAggSql(LIST_SQL)
const FILTER_JSON_SQL = jsonAggSql(FILTER_SQL)

interface ListQuery { readonly limit?: string }
interface FilterQuery { minYear?: string; maxPrice?: string; limit?: string }

app.get('/', async () => ({ status: 'ok' }))
app.get<{ Querystring: ListQuery }>('/books', async (request, reply) => {
  const result = await pool.query<{ json: string }>({ name: 'list-json', text: LIST_JSON_SQL, values: [] })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})
app.get<{ Querystring: FilterQuery }>('/books/filter', async (request, reply) => {
  const { minYear, maxPrice } = request.query
  const values = [Number(minYear), Number(maxPrice)]
  const result = await pool.query<{ json: string }>({ name: 'filter-json', text: FILTER_JSON_SQL, values })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})

await app.listen({ port, host: '127.0.0.1' })
closeOnSignals(async () => {
  await app.close()
  await pool.end()
})
