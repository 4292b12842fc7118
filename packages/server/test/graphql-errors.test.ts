import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql } from './graphql-helpers.js'

describe('GraphQL errors (development mode)', () => {
  const library = useLibraryServer()

  it('answers a syntax error with 400, message, locations and a code, without data', async () => {
    const response = await graphql(library, '{ books { items { id }')
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      errors: [
        {
          message: 'Syntax Error: Expected Name, found <EOF>.',
          locations: [{ line: 1, column: 23 }],
          extensions: { code: 'BadRequest', sluiceCode: 'SLUICE_ERR_GRAPHQL_SYNTAX' },
        },
      ],
    })
  })

  it('answers validation errors with 400 and every error found', async () => {
    const response = await graphql(library, '{ books { items { id nope } } unknownRoot }')
    expect(response.status).toBe(400)
    expect(errorMessages(response)).toEqual([
      'Cannot query field "nope" on type "Book".',
      'Cannot query field "unknownRoot" on type "Query".',
    ])
    expect(
      response.body.errors.every(
        (e: any) => e.extensions.sluiceCode === 'SLUICE_ERR_GRAPHQL_VALIDATION' && e.locations.length === 1,
      ),
    ).toBe(true)
  })

  it('answers variables that do not fit their types with 400 before running anything', async () => {
    const response = await graphql(library, 'query($id: Int!) { book_by_pk(id: $id) { id } }', {
      variables: { id: 'seven' },
    })
    expect(response.status).toBe(400)
    expect(response.body.data).toBeUndefined()
    expect(errorMessages(response)[0]).toMatch(/Variable "\$id" got invalid value "seven"/)
  })

  it('reports resolver errors with path and locations beside the data of the fields that worked (200)', async () => {
    const response = await graphql(library, '{ ok: book_by_pk(id: 1) { id } missing: book_by_pk(id: -5) { id } }')
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ ok: { id: 1 }, missing: null })
    expect(response.body.errors).toEqual([
      {
        message: 'Could not find item with the given key.',
        locations: [{ line: 1, column: 32 }],
        path: ['missing'],
        extensions: { code: 'ItemNotFound', sluiceCode: 'SLUICE_ERR_ITEM_NOT_FOUND', status: 404 },
      },
    ])
  })

  it('uses the same codes and messages as REST for the same mistake', async () => {
    const forbidden = await graphql(library, '{ loans { items { id } } }')
    const restForbidden = await library.request('/api/Loan')
    expect(restForbidden.status).toBe(403)
    expect(errorMessages(forbidden)).toEqual([restForbidden.body.error.message])
    expect(forbidden.body.errors[0].extensions).toEqual({
      code: 'AUTH_NOT_AUTHENTICATED',
      sluiceCode: 'SLUICE_ERR_FORBIDDEN',
      status: 403,
    })
  })

  it('serves GraphiQL from npm packages at GET on the GraphQL path', async () => {
    const page = await library.request('/graphql')
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.text).toContain('GraphiQL.createFetcher({ url: "/graphql" })')
    expect(page.text).not.toMatch(/https?:\/\//)
    for (const asset of [
      'graphiql.min.js',
      'graphiql.min.css',
      'react.production.min.js',
      'react-dom.production.min.js',
    ]) {
      expect(page.text).toContain(`/graphql/graphiql/${asset}`)
      const file = await library.request(`/graphql/graphiql/${asset}`)
      expect(file.status, asset).toBe(200)
      expect(file.text.length, asset).toBeGreaterThan(1000)
    }
    expect((await library.request('/graphql/graphiql/secret.js')).status).toBe(404)
  })

  it('opens GraphiQL on a query of the configured entities that runs as it stands', async () => {
    const page = await library.request('/graphql')
    const query = JSON.parse(/defaultQuery: ("(?:[^"\\]|\\.)*")/.exec(page.text)![1]!) as string
    expect(query).toMatch(/^# Sluice GraphQL/)
    expect(query).toContain('publishers(first: 5) {')
    const answer = await graphql(library, query)
    expect(answer.status).toBe(200)
    expect(answer.body.errors).toBeUndefined()
    expect(answer.body.data.publishers.items).toHaveLength(5)
    expect(Object.keys(answer.body.data)).toHaveLength(2)
  })
})

describe('GraphQL errors (production mode)', () => {
  const library = useLibraryServer({ runtime: { host: { mode: 'production' } } })

  it('serves no GraphiQL: GET without a query is 404', async () => {
    const page = await library.request('/graphql')
    expect(page.status).toBe(404)
    expect(page.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_ROUTE_NOT_FOUND')
    expect((await library.request('/graphql/graphiql/graphiql.min.js')).status).toBe(404)
  })

  it('still answers GraphQL requests by POST and GET', async () => {
    expect(dataOf(await graphql(library, '{ book_by_pk(id: 1) { id } }'))).toEqual({ book_by_pk: { id: 1 } })
    const get = await library.request(`/graphql?query=${encodeURIComponent('{ book_by_pk(id: 2) { id } }')}`)
    expect(get.body).toEqual({ data: { book_by_pk: { id: 2 } } })
  })
})

describe('GraphQL depth limit and introspection switch', () => {
  const library = useLibraryServer({ runtime: { graphql: { 'depth-limit': 2, 'allow-introspection': false } } })

  it("rejects documents deeper than runtime.graphql.depth-limit with 400 and Hot Chocolate's message", async () => {
    expect(dataOf(await graphql(library, '{ book_by_pk(id: 1) { id } }'))).toEqual({ book_by_pk: { id: 1 } })
    const deep = await graphql(library, '{ books { items { id } } }')
    expect(deep.status).toBe(400)
    expect(deep.body.errors).toEqual([
      {
        message: 'The GraphQL document has an execution depth of 3 which exceeds the max allowed execution depth of 2.',
        locations: [{ line: 1, column: 1 }],
        extensions: { code: 'BadRequest', sluiceCode: 'SLUICE_ERR_GRAPHQL_DEPTH_LIMIT' },
      },
    ])
    const viaFragment = await graphql(library, '{ book_by_pk(id: 1) { ...F } } fragment F on Book { publisher { id } }')
    expect(viaFragment.status).toBe(400)
  })

  it('refuses __schema and __type when allow-introspection is false, but allows __typename', async () => {
    const schema = await graphql(library, '{ __schema { queryType { name } } }')
    expect(schema.status).toBe(400)
    expect(schema.body.errors[0]).toMatchObject({
      message: 'Introspection is not allowed for the current request.',
      extensions: { code: 'BadRequest', sluiceCode: 'SLUICE_ERR_GRAPHQL_INTROSPECTION' },
    })
    const type = await graphql(library, '{ __type(name: "Book") { name } }')
    expect(type.status).toBe(400)
    expect(dataOf(await graphql(library, '{ __typename }'))).toEqual({ __typename: 'Query' })
  })
})

describe('GraphQL introspection is on by default', () => {
  const library = useLibraryServer()
  it('answers __schema', async () => {
    expect(
      dataOf(await graphql(library, '{ __schema { queryType { name } mutationType { name } } }')).__schema,
    ).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } })
  })
})
