import {
  buildClientSchema,
  getIntrospectionQuery,
  parse,
  printSchema,
  type DocumentNode,
  type IntrospectionQuery,
} from 'graphql'
import { ClientError, GraphQLClient } from 'graphql-request'
import { beforeAll, describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

/** The typed-document-node shape graphql-request infers result and variable types from (structural, as published). */
interface TypedDocumentNode<R, V> extends DocumentNode {
  __apiType?: (variables: V) => R
}

interface BooksQuery {
  books: {
    items: Array<{ id: number; title: string; publisher: { name: string } }>
    hasNextPage: boolean
    endCursor: string | null
  }
}
interface BooksVariables {
  first: number
  filter?: Record<string, unknown>
  [key: string]: unknown
}
interface CreateMutation {
  createPublisher: { id: number; name: string } | null
}

const BOOKS: TypedDocumentNode<BooksQuery, BooksVariables> = parse(`
  query Books($first: Int!, $filter: BookFilterInput) {
    books(first: $first, filter: $filter, orderBy: { id: ASC }) { items { id title publisher { name } } hasNextPage endCursor }
  }`)
const CREATE: TypedDocumentNode<CreateMutation, { name: string }> = parse(
  'mutation Create($name: String!) { createPublisher(item: { name: $name }) { id name } }',
)

// A real GraphQL client over a real socket: graphql-request introspects the schema, then runs typed documents.
describe('a GraphQL client (graphql-request) against the server', () => {
  const library = useLibraryServer()
  let client: GraphQLClient

  beforeAll(async () => {
    const address = await library.server.listen(0, '127.0.0.1')
    client = new GraphQLClient(new URL('/graphql', address).toString())
  })

  it('introspects a schema graphql-js can rebuild, with the generated operations and types', async () => {
    const introspection = await client.request<IntrospectionQuery>(getIntrospectionQuery())
    const schema = buildClientSchema(introspection)
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['books', 'book_by_pk', 'publishers', 'executeBookCount']),
    )
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual(
      expect.arrayContaining(['createBook', 'updateBook', 'deleteBook', 'executeReturnLoan']),
    )
    const sdl = printSchema(schema)
    expect(sdl).toContain('type BookConnection {')
    expect(sdl).toContain('input BookFilterInput {')
    expect(sdl).toContain('scalar DateTime')
  })

  it('runs typed queries with variables and gets typed results', async () => {
    const page = await client.request(BOOKS, { first: 2, filter: { publisher: { name: { eq: 'Lighthouse Press' } } } })
    expect(page.books.items).toHaveLength(2)
    expect(page.books.items.every((b) => b.publisher.name === 'Lighthouse Press')).toBe(true)
    expect(page.books.hasNextPage).toBe(true)
    expect(typeof page.books.endCursor).toBe('string')
  })

  it('surfaces errors as a ClientError carrying the response errors', async () => {
    const failure = client.request(CREATE, { name: 'Not allowed' })
    await expect(failure).rejects.toBeInstanceOf(ClientError)
    await expect(failure).rejects.toMatchObject({
      response: {
        errors: [
          {
            message: 'The current role does not have permission to perform this action.',
            extensions: { code: 'AUTH_NOT_AUTHENTICATED', sluiceCode: 'SLUICE_ERR_FORBIDDEN' },
          },
        ],
      },
    })
  })

  it('sends role headers like any client', async () => {
    const created = await client.request(CREATE, { name: 'Client Press' }, { 'x-ms-api-role': 'authenticated' })
    expect(created.createPublisher?.name).toBe('Client Press')
  })
})
