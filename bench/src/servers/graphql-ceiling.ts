import Fastify from 'fastify'
import {
  execute,
  GraphQLFloat,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
} from 'graphql'
import { compileQuery, isCompiledQuery } from 'graphql-jit'
import pg from 'pg'
import { KEY_SQL, LIST_LIMIT, LIST_SQL } from './book-queries.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

/**
 * The GraphQL ceilings (reference/peers.md): fastify + pg + a hand-written schema with Sluice's query names
 * (`books(first) { items { … } }`, `book_by_pk(id)`), rows decoded by pg and resolved by the engine, parse and
 * validate cached per query text. `js`: graphql-js's `execute`; `jit`: graphql-jit's compiled query, cached too.
 * Only the list of 100 and by key are served (`first` must be 100: the list SQL is prepared with that literal).
 */
export async function startGraphQLCeiling(engine: 'js' | 'jit'): Promise<void> {
  const { port, databaseUrl } = readServerEnv()
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  const book = new GraphQLObjectType({
    name: 'Book',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLInt) },
      title: { type: new GraphQLNonNull(GraphQLString) },
      author_id: { type: new GraphQLNonNull(GraphQLInt) },
      year: { type: new GraphQLNonNull(GraphQLInt) },
      price: { type: new GraphQLNonNull(GraphQLFloat) },
      isbn: { type: new GraphQLNonNull(GraphQLString) },
      pages: { type: new GraphQLNonNull(GraphQLInt) },
    },
  })
  const connection = new GraphQLObjectType({
    name: 'BookConnection',
    fields: { items: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(book))) } },
  })
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        books: {
          type: new GraphQLNonNull(connection),
          args: { first: { type: GraphQLInt } },
          resolve: async (_source, args: { first?: number }) => {
            if (args.first !== LIST_LIMIT) throw new Error(`only first: ${LIST_LIMIT} is served`)
            return { items: (await pool.query({ name: 'list', text: LIST_SQL, values: [] })).rows }
          },
        },
        book_by_pk: {
          type: book,
          args: { id: { type: new GraphQLNonNull(GraphQLInt) } },
          resolve: async (_source, args: { id: number }) =>
            (await pool.query({ name: 'by-key', text: KEY_SQL, values: [args.id] })).rows[0] ?? null,
        },
      },
    }),
  })

  type Run = (variables: Record<string, unknown> | undefined) => Promise<ExecutionResult> | ExecutionResult
  const cache = new Map<string, Run | readonly Error[]>()
  const prepare = (query: string): Run | readonly Error[] => {
    let document: DocumentNode
    try {
      document = parse(query)
    } catch (error) {
      return [error as Error]
    }
    const errors = validate(schema, document)
    if (errors.length > 0) return errors
    if (engine === 'js')
      return (variables) => execute({ schema, document, variableValues: variables }) as Promise<ExecutionResult>
    const compiled = compileQuery(schema, document)
    if (!isCompiledQuery(compiled)) return compiled.errors ?? [new Error('graphql-jit could not compile the query')]
    return (variables) => compiled.query(undefined, undefined, variables) as Promise<ExecutionResult>
  }

  const app = Fastify({ logger: false })
  app.get('/', async () => ({ status: 'ok' }))
  app.post<{ Body: { query?: string; variables?: Record<string, unknown> } }>('/graphql', async (request, reply) => {
    const query = request.body?.query ?? ''
    let run = cache.get(query)
    if (run === undefined) {
      run = prepare(query)
      cache.set(query, run)
    }
    if (typeof run !== 'function') return reply.code(400).send({ errors: run.map((e) => ({ message: e.message })) })
    const result = await run(request.body.variables)
    // graphql-jit compiles a serializer for its results; graphql-js results go through JSON.stringify.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(result))
  })
  await app.listen({ port, host: '127.0.0.1' })
  closeOnSignals(async () => {
    await app.close()
    await pool.end()
  })
}
