import Fastify from 'fastify'
import pg from 'pg'
import {
  EXPAND_SQL,
  FILTER_SQL,
  INSERT_SQL,
  LIST_SQL,
  POLICY_SQL,
  PROCEDURE_SQL,
  SELECT_SQL,
  UPDATE_SQL,
  jsonAggSql,
  valueEnvelopeSql,
  type BookChange,
  type NewBook,
} from './book-queries.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Baseline (c): fastify + pg.Pool(max 10), PostgreSQL builds the JSON array (json_agg ... ::text) and the string is
// sent unchanged: no row decoding or serialization in Node. The ceiling for a list endpoint. The writes wrap the
// INSERT/UPDATE … RETURNING in a CTE that builds the whole {"value":[row]} body (row_to_json) and pass it through:
// POST 201 + an absolute Location, PATCH 200, like Sluice; the body is not validated.
const { port, databaseUrl } = readServerEnv()
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
const app = Fastify({ logger: false })
const LIST_JSON_SQL = jsonAggSql(LIST_SQL)
const FILTER_JSON_SQL = jsonAggSql(FILTER_SQL)
const INSERT_JSON_SQL = valueEnvelopeSql(INSERT_SQL)
const UPDATE_JSON_SQL = valueEnvelopeSql(UPDATE_SQL)

interface ListQuery {
  readonly limit?: string
}
interface FilterQuery {
  minYear?: string
  maxPrice?: string
  limit?: string
}

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
const SELECT_JSON_SQL = jsonAggSql(SELECT_SQL)
const POLICY_JSON_SQL = jsonAggSql(POLICY_SQL)
const PROCEDURE_JSON_SQL = jsonAggSql(PROCEDURE_SQL)
app.get('/books/select', async (request, reply) => {
  const result = await pool.query<{ json: string }>({ name: 'select-json', text: SELECT_JSON_SQL, values: [] })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})
// `$expand` the PostgREST way: the embedding built by PostgreSQL in one statement and passed through as text.
const EXPAND_JSON_SQL = jsonAggSql(EXPAND_SQL)
app.get('/catalog/expand', async (request, reply) => {
  const result = await pool.query<{ json: string }>({ name: 'expand-json', text: EXPAND_JSON_SQL, values: [] })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})
app.get('/books/policy', async (request, reply) => {
  const result = await pool.query<{ json: string }>({ name: 'policy-json', text: POLICY_JSON_SQL, values: [] })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})
app.get<{ Querystring: { author?: string } }>('/books/by-author', async (request, reply) => {
  const result = await pool.query<{ json: string }>({
    name: 'procedure-json',
    text: PROCEDURE_JSON_SQL,
    values: [Number(request.query.author)],
  })
  return reply.type('application/json; charset=utf-8').send(result.rows[0]?.json)
})
app.post<{ Body: NewBook }>('/books', async (request, reply) => {
  const b = request.body
  const values = [b.title, b.author_id, b.year, b.price, b.isbn, b.pages]
  const result = await pool.query<{ id: number; json: string }>({ name: 'insert-json', text: INSERT_JSON_SQL, values })
  const row = result.rows[0]
  if (row === undefined) throw new Error('the INSERT returned no row')
  return reply
    .code(201)
    .header('location', `${request.protocol}://${request.host}/books/${row.id}`)
    .type('application/json; charset=utf-8')
    .send(row.json)
})
app.patch<{ Params: { id: string }; Body: BookChange }>('/books/:id', async (request, reply) => {
  const b = request.body
  const values = [Number(request.params.id), b.price, b.pages]
  const result = await pool.query<{ id: number; json: string }>({ name: 'update-json', text: UPDATE_JSON_SQL, values })
  const row = result.rows[0]
  if (row === undefined) return reply.code(404).send({ error: 'not found' })
  return reply.type('application/json; charset=utf-8').send(row.json)
})

await app.listen({ port, host: '127.0.0.1' })
closeOnSignals(async () => {
  await app.close()
  await pool.end()
})
