import { describe, expect, it } from 'vitest'
import { startLibraryServer, useLibraryServer } from './support/library-test-server.js'
import { dataOf, graphql } from './graphql-helpers.js'

const TYPE = `query($name: String!) { __type(name: $name) { name kind
  fields { name args { name type { kind name ofType { kind name } } } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
  inputFields { name type { kind name ofType { kind name ofType { kind name } } } }
  enumValues { name } } }`

/** A type reference printed as SDL (`[Book!]!`). */
function print(type: any): string {
  if (type.kind === 'NON_NULL') return `${print(type.ofType)}!`
  if (type.kind === 'LIST') return `[${print(type.ofType)}]`
  return type.name
}

describe('GraphQL schema generation (Data API builder naming)', () => {
  const library = useLibraryServer({
    entities: {
      Publisher: { graphql: { type: { singular: 'Imprint', plural: 'Imprints' } } },
      Loan: { graphql: { enabled: false } },
      Review: { graphql: 'Critique' },
    },
  })
  const type = async (name: string): Promise<any> =>
    dataOf(await graphql(library, TYPE, { variables: { name } })).__type
  const rootFields = async (root: 'Query' | 'Mutation'): Promise<Record<string, string>> => {
    const t = await type(root)
    return Object.fromEntries(
      t.fields.map((f: any) => [
        f.name,
        `(${f.args.map((a: any) => `${a.name}: ${print(a.type)}`).join(', ')}): ${print(f.type)}`,
      ]),
    )
  }

  it('names list, by-key, create, update and delete fields after the entity', async () => {
    const query = await rootFields('Query')
    expect(query['books']).toBe(
      '(first: Int, after: String, filter: BookFilterInput, orderBy: BookOrderByInput): BookConnection',
    )
    expect(query['book_by_pk']).toBe('(id: Int!): Book')
    expect(query['bookAuthor_by_pk']).toBe('(book_id: Int!, author_id: Int!): BookAuthor')
    expect(query['bookAuthors']).toBeDefined()
    const mutation = await rootFields('Mutation')
    expect(mutation['createBook']).toBe('(item: CreateBookInput!): Book')
    expect(mutation['updateBook']).toBe('(id: Int!, item: UpdateBookInput!): Book')
    expect(mutation['deleteBook']).toBe('(id: Int!): Book')
  })

  it('uses graphql.type.singular and plural, and a plain string as the singular', async () => {
    const query = await rootFields('Query')
    expect(query['imprints']).toBe(
      '(first: Int, after: String, filter: ImprintFilterInput, orderBy: ImprintOrderByInput): ImprintConnection',
    )
    expect(query['imprint_by_pk']).toBe('(id: Int!): Imprint')
    expect(query['publishers']).toBeUndefined()
    expect(query['critiques']).toBeDefined()
    expect(query['critique_by_pk']).toBe('(book_id: Int!, id: Int!): Critique')
    expect(Object.keys(await rootFields('Mutation'))).toContain('createImprint')
  })

  it('leaves out entities with graphql.enabled false', async () => {
    const query = await rootFields('Query')
    expect(query['loans']).toBeUndefined()
    expect(await type('Loan')).toBeNull()
  })

  it('offers only operations some role may perform: a read-only view has no mutations', async () => {
    const query = await rootFields('Query')
    expect(query['bookDetails']).toBeDefined()
    // A view's key column is nullable on PostgreSQL, so its by-key argument is too (Data API builder's type).
    expect(query['bookDetail_by_pk']).toBe('(id: Int): BookDetail')
    const mutation = Object.keys(await rootFields('Mutation'))
    expect(mutation.filter((name) => name.includes('BookDetail'))).toEqual([])
  })

  it('builds the connection, filter, order and input types', async () => {
    const connection = await type('BookConnection')
    expect(Object.fromEntries(connection.fields.map((f: any) => [f.name, print(f.type)]))).toMatchObject({
      items: '[Book!]!',
      hasNextPage: 'Boolean!',
      endCursor: 'String',
    })
    const book = await type('Book')
    expect(Object.fromEntries(book.fields.map((f: any) => [f.name, print(f.type)]))).toMatchObject({
      id: 'Int!',
      title: 'String!',
      publisher_id: 'Int!',
      publishedOn: 'DateTime',
      price: 'Decimal',
      pages: 'Int',
      inPrint: 'Boolean!',
      isbn: 'String',
      created_at: 'DateTime!',
    })
    const filter = await type('BookFilterInput')
    expect(Object.fromEntries(filter.inputFields.map((f: any) => [f.name, print(f.type)]))).toMatchObject({
      id: 'IntFilterInput',
      title: 'StringFilterInput',
      price: 'DecimalFilterInput',
      inPrint: 'BooleanFilterInput',
      and: '[BookFilterInput]',
      or: '[BookFilterInput]',
    })
    const strings = await type('StringFilterInput')
    expect(strings.inputFields.map((f: any) => f.name).sort()).toEqual([
      'caseInsensitive',
      'contains',
      'endsWith',
      'eq',
      'in',
      'isNull',
      'neq',
      'notContains',
      'startsWith',
    ])
    const ints = await type('IntFilterInput')
    expect(ints.inputFields.map((f: any) => f.name).sort()).toEqual([
      'eq',
      'gt',
      'gte',
      'in',
      'isNull',
      'lt',
      'lte',
      'neq',
    ])
    const order = await type('BookOrderByInput')
    expect(order.inputFields.every((f: any) => f.type.name === 'OrderBy')).toBe(true)
    expect((await type('OrderBy')).enumValues.map((v: any) => v.name)).toEqual(['ASC', 'DESC'])
    const create = await type('CreateBookInput')
    const createFields = Object.fromEntries(create.inputFields.map((f: any) => [f.name, print(f.type)]))
    expect(createFields).toMatchObject({ title: 'String!', publisher_id: 'Int!', inPrint: 'Boolean', price: 'Decimal' })
    expect(createFields['id']).toBeUndefined()
    const update = await type('UpdateBookInput')
    expect(update.inputFields.every((f: any) => f.type.kind !== 'NON_NULL')).toBe(true)
    expect(update.inputFields.map((f: any) => f.name)).not.toContain('id')
  })

  it('shows a field some role may read, and hides none that one may', async () => {
    const author = await type('Author')
    expect(author.fields.map((f: any) => f.name).slice(0, 4)).toEqual(['id', 'name', 'birthYear', 'email'])
  })
})

describe('GraphQL schema visibility by permissions', () => {
  const library = useLibraryServer({
    entities: {
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
          { role: 'authenticated', actions: ['read', 'create'] },
        ],
      },
      Publisher: {
        permissions: [{ role: 'anonymous', actions: [{ action: 'read', fields: { include: ['id', 'name'] } }] }],
      },
    },
  })

  it('hides fields no role may read and operations no role may perform', async () => {
    const publisher = dataOf(await graphql(library, '{ __type(name: "Publisher") { fields { name } } }')).__type
    expect(publisher.fields.map((f: any) => f.name).slice(0, 2)).toEqual(['id', 'name'])
    expect(publisher.fields.map((f: any) => f.name)).not.toContain('country')
    const mutation = dataOf(
      await graphql(library, '{ __schema { mutationType { fields { name } } } }'),
    ).__schema.mutationType.fields.map((f: any) => f.name)
    expect(mutation).toContain('createAuthor')
    expect(mutation).not.toContain('updateAuthor')
    expect(mutation).not.toContain('deleteAuthor')
    expect(mutation).not.toContain('createPublisher')
  })
})

// These tests boot servers in their bodies; start-up (seeding PGlite) takes seconds on a busy machine.
const BOOT_TIMEOUT = 120_000

describe('GraphQL runtime switches', () => {
  it(
    'serves at runtime.graphql.path and not at /graphql',
    async () => {
      const server = await startLibraryServer({ runtime: { graphql: { path: '/gql' } } })
      try {
        const moved = await server.app.inject({
          method: 'POST',
          url: '/gql',
          headers: { 'content-type': 'application/json' },
          payload: '{"query":"{ book_by_pk(id: 1) { id } }"}',
        })
        expect(JSON.parse(moved.body)).toEqual({ data: { book_by_pk: { id: 1 } } })
        const old = await server.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: '{"query":"{ __typename }"}',
        })
        expect(old.statusCode).toBe(404)
      } finally {
        await server.close()
      }
    },
    BOOT_TIMEOUT,
  )

  it(
    'answers 404 when runtime.graphql.enabled is false',
    async () => {
      const server = await startLibraryServer({ runtime: { graphql: { enabled: false } } })
      try {
        const response = await server.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: '{"query":"{ __typename }"}',
        })
        expect(response.statusCode).toBe(404)
        expect((await server.app.inject({ method: 'GET', url: '/api/Book/id/1' })).statusCode).toBe(200)
      } finally {
        await server.close()
      }
    },
    BOOT_TIMEOUT,
  )

  it(
    'refuses at start-up a field name GraphQL cannot carry, suggesting an alias',
    async () => {
      const start = startLibraryServer({ entities: { Book: { fields: [{ name: 'in_print', alias: 'in print' }] } } })
      await expect(start).rejects.toMatchObject({ code: 'SLUICE_ERR_GRAPHQL_SCHEMA' })
      await expect(start).rejects.toThrow(
        /field 'in print' is not a valid GraphQL name; give column 'in_print' an alias .*"alias": "in_print"/,
      )
    },
    BOOT_TIMEOUT,
  )

  it(
    'refuses at start-up an illegal type name and two entities with the same GraphQL names',
    async () => {
      await expect(
        startLibraryServer({ entities: { Book: { graphql: { type: { singular: 'Book-Item' } } } } }),
      ).rejects.toThrow(
        /GraphQL singular type name 'Book-Item' is not a valid GraphQL name; set graphql.type.singular \(for example 'Book_Item'\)/,
      )
      await expect(startLibraryServer({ entities: { Author: { graphql: 'Book' } } })).rejects.toThrow(
        /the GraphQL name 'Book' is also generated for entity/,
      )
    },
    BOOT_TIMEOUT,
  )

  it(
    'starts with such names when the entity is left out of GraphQL',
    async () => {
      const server = await startLibraryServer({
        entities: { Book: { fields: [{ name: 'in_print', alias: 'in print' }], graphql: { enabled: false } } },
      })
      await server.close()
    },
    BOOT_TIMEOUT,
  )
})
