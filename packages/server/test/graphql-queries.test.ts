import { beforeAll, describe, expect, it } from 'vitest'
import { query, useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'

interface Book {
  id: number
  title: string
  publisher_id: number
  publishedOn: string | null
  price: number | null
  pages: number | null
  inPrint: boolean
  isbn: string | null
}

describe('GraphQL list queries', () => {
  const library = useLibraryServer()
  let books: Book[] = []
  const ids = async (filter: string, variables?: Record<string, unknown>): Promise<number[]> => {
    const declare = filter === '$f' ? '($f: BookFilterInput)' : ''
    const data = dataOf(
      await graphql(library, `query${declare} { books(first: -1, filter: ${filter}) { items { id } } }`, { variables }),
    )
    return data.books.items.map((b: { id: number }) => b.id)
  }
  const idsWhere = (predicate: (b: Book) => boolean): number[] => books.filter(predicate).map((b) => b.id)

  beforeAll(async () => {
    books = await restRows(library, '/api/Book?$first=-1')
    expect(books).toHaveLength(60)
  })

  it('returns items, hasNextPage and endCursor under the plural field', async () => {
    const data = dataOf(await graphql(library, '{ books { items { id title } hasNextPage endCursor } }'))
    expect(data.books.items).toEqual(books.map((b) => ({ id: b.id, title: b.title })))
    expect(data.books.hasNextPage).toBe(false)
    expect(data.books.endCursor).toBeNull()
  })

  // Comparisons with a NULL column are never true (SQL semantics), so the predicates test for null first.
  it.each<[string, (b: Book) => boolean]>([
    ['{ id: { eq: 7 } }', (b) => b.id === 7],
    ['{ id: { neq: 7 } }', (b) => b.id !== 7],
    ['{ pages: { gt: 500 } }', (b) => b.pages !== null && b.pages > 500],
    ['{ pages: { gte: 540 } }', (b) => b.pages !== null && b.pages >= 540],
    ['{ pages: { lt: 150 } }', (b) => b.pages !== null && b.pages < 150],
    ['{ pages: { lte: 144 } }', (b) => b.pages !== null && b.pages <= 144],
    ['{ price: { gt: 40.5 } }', (b) => b.price !== null && b.price > 40.5],
    ['{ inPrint: { eq: false } }', (b) => !b.inPrint],
    ['{ publishedOn: { gte: "2024-01-01" } }', (b) => b.publishedOn !== null && b.publishedOn >= '2024-01-01'],
    ['{ title: { contains: "the" } }', (b) => b.title.includes('the')],
    ['{ title: { notContains: "the" } }', (b) => !b.title.includes('the')],
    ['{ title: { startsWith: "The" } }', (b) => b.title.startsWith('The')],
    ['{ title: { endsWith: "s" } }', (b) => b.title.endsWith('s')],
    ['{ title: { contains: "%" } }', (b) => b.title.includes('%')],
    ['{ isbn: { isNull: true } }', (b) => b.isbn === null],
    ['{ isbn: { isNull: false } }', (b) => b.isbn !== null],
    ['{ price: { eq: null } }', (b) => b.price === null],
    ['{ id: { in: [3, 5, 99] } }', (b) => [3, 5, 99].includes(b.id)],
    ['{ id: { in: [] } }', () => false],
    ['{ pages: { gt: 100, lt: 300 } }', (b) => b.pages !== null && b.pages > 100 && b.pages < 300],
    ['{ inPrint: { eq: true }, pages: { gt: 400 } }', (b) => b.inPrint && b.pages !== null && b.pages > 400],
    ['{ or: [{ id: { eq: 1 } }, { id: { eq: 2 } }] }', (b) => b.id === 1 || b.id === 2],
    [
      '{ and: [{ pages: { gt: 200 } }, { or: [{ inPrint: { eq: false } }, { price: { lt: 10 } }] }] }',
      (b) => b.pages !== null && b.pages > 200 && (!b.inPrint || (b.price !== null && b.price < 10)),
    ],
    ['{ title: null }', () => true],
    ['{}', () => true],
  ])('filter %s', async (filter, predicate) => {
    expect(await ids(filter)).toEqual(idsWhere(predicate))
  })

  it('takes the filter from a variable', async () => {
    expect(await ids('$f', { f: { pages: { gt: 500 }, or: [{ inPrint: { eq: true } }] } })).toEqual(
      idsWhere((b) => b.pages !== null && b.pages > 500 && b.inPrint),
    )
  })

  it('matches the REST $filter for the same condition', async () => {
    const rest = await restRows(
      library,
      `/api/Book${query({ $filter: 'pages gt 300 and inPrint eq true', $select: 'id', $first: -1 })}`,
    )
    expect(await ids('{ pages: { gt: 300 }, inPrint: { eq: true } }')).toEqual(rest.map((r) => r.id))
  })

  it('orders by fields in the order the query writes them', async () => {
    const byInPrintThenTitle = (
      await restRows(library, `/api/Book${query({ $orderby: 'inPrint desc,title asc', $select: 'id', $first: -1 })}`)
    ).map((r) => r.id)
    const byTitleThenInPrint = (
      await restRows(library, `/api/Book${query({ $orderby: 'title asc,inPrint desc', $select: 'id', $first: -1 })}`)
    ).map((r) => r.id)
    const literal = dataOf(
      await graphql(library, '{ books(first: -1, orderBy: { inPrint: DESC, title: ASC }) { items { id } } }'),
    )
    expect(literal.books.items.map((b: { id: number }) => b.id)).toEqual(byInPrintThenTitle)
    const reversed = dataOf(
      await graphql(library, '{ books(first: -1, orderBy: { title: ASC, inPrint: DESC }) { items { id } } }'),
    )
    expect(reversed.books.items.map((b: { id: number }) => b.id)).toEqual(byTitleThenInPrint)
    const variable = dataOf(
      await graphql(library, 'query($o: BookOrderByInput) { books(first: -1, orderBy: $o) { items { id } } }', {
        variables: { o: { inPrint: 'DESC', title: 'ASC' } },
      }),
    )
    expect(variable.books.items.map((b: { id: number }) => b.id)).toEqual(byInPrintThenTitle)
  })

  it('pages with first and after until the last page', async () => {
    const seen: number[] = []
    let after: string | null = null
    for (let page = 0; page < 10; page++) {
      const response = await graphql(
        library,
        'query($after: String) { books(first: 25, after: $after, orderBy: { title: DESC }) { items { id } hasNextPage endCursor } }',
        { variables: { after } },
      )
      const { books: connection } = dataOf(response)
      seen.push(...connection.items.map((b: { id: number }) => b.id))
      if (!connection.hasNextPage) {
        expect(connection.endCursor).toBeNull()
        break
      }
      after = connection.endCursor
    }
    const expected = (
      await restRows(library, `/api/Book${query({ $orderby: 'title desc', $select: 'id', $first: -1 })}`)
    ).map((r) => r.id)
    expect(seen).toEqual(expected)
  })

  it('uses the default page size without first and the maximum with first: -1', async () => {
    const loans = await graphql(
      library,
      '{ a: loans { items { id } hasNextPage } b: loans(first: -1) { items { id } hasNextPage } }',
      { role: 'authenticated' },
    )
    const data = dataOf(loans)
    expect(data.a.items).toHaveLength(100)
    expect(data.a.hasNextPage).toBe(true)
    expect(data.b.items).toHaveLength(1800)
    expect(data.b.hasNextPage).toBe(false)
  })

  it('refuses first: 0 and an unreadable cursor with errors', async () => {
    const zero = await graphql(library, '{ books(first: 0) { items { id } } }')
    expect(zero.status).toBe(200)
    expect(zero.body.data.books).toBeNull()
    expect(errorMessages(zero)[0]).toMatch(/first must be -1 or an integer greater than 0/)
    expect(zero.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_INVALID_FIRST')
    expect(zero.body.errors[0].path).toEqual(['books'])
    const cursor = await graphql(library, '{ books(after: "not-a-cursor") { items { id } } }')
    expect(cursor.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_INVALID_CURSOR')
  })

  it('applies response aliases to root fields and record fields', async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ first: books(first: 1) { rows: items { key: id name: title } more: hasNextPage } one: book_by_pk(id: 2) { id } }',
      ),
    )
    expect(data).toEqual({
      first: { rows: [{ key: books[0]!.id, name: books[0]!.title }], more: true },
      one: { id: 2 },
    })
  })

  it('spreads fragments and honours @skip and @include', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          query ($withTitle: Boolean!) {
            book_by_pk(id: 3) {
              ...Parts
              ... on Book {
                pages
              }
              isbn @skip(if: true)
            }
          }
          fragment Parts on Book {
            id
            title @include(if: $withTitle)
          }
        `,
        { variables: { withTitle: true } },
      ),
    )
    const book = books.find((b) => b.id === 3)!
    expect(data.book_by_pk).toEqual({ id: 3, title: book.title, pages: book.pages })
  })
})

describe('GraphQL by-key queries', () => {
  const library = useLibraryServer()

  it('returns the record with the given key', async () => {
    const data = dataOf(await graphql(library, '{ book_by_pk(id: 5) { id title inPrint } }'))
    const [rest] = await restRows(library, '/api/Book/id/5?$select=id,title,inPrint')
    expect(data.book_by_pk).toEqual(rest)
  })

  it('takes composite keys as one argument per key field', async () => {
    const [link] = await restRows(library, '/api/BookAuthor?$first=1')
    const data = dataOf(
      await graphql(
        library,
        'query($b: Int!, $a: Int!) { bookAuthor_by_pk(book_id: $b, author_id: $a) { book_id author_id royalty_percentage } }',
        {
          variables: { b: link.book_id, a: link.author_id },
        },
      ),
    )
    expect(data.bookAuthor_by_pk).toEqual(link)
  })

  it('answers an absent key with an error entry (SPEC rule 7)', async () => {
    const response = await graphql(library, '{ book_by_pk(id: 987654) { id } }')
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ book_by_pk: null })
    expect(response.body.errors).toEqual([
      {
        message: 'Could not find item with the given key.',
        locations: [{ line: 1, column: 3 }],
        path: ['book_by_pk'],
        extensions: { code: 'ItemNotFound', sluiceCode: 'SLUICE_ERR_ITEM_NOT_FOUND', status: 404 },
      },
    ])
  })

  it('refuses a missing key argument in validation', async () => {
    const response = await graphql(library, '{ book_by_pk { id } }')
    expect(response.status).toBe(400)
    expect(response.body.data).toBeUndefined()
    expect(errorMessages(response)[0]).toMatch(/argument "id" of type "Int!" is required/)
  })
})

describe('GraphQL request envelope', () => {
  const library = useLibraryServer()

  it('selects the operation named by operationName', async () => {
    const doc = 'query A { book_by_pk(id: 1) { id } } query B { book_by_pk(id: 2) { id } }'
    expect(dataOf(await graphql(library, doc, { operationName: 'B' }))).toEqual({ book_by_pk: { id: 2 } })
    expect(dataOf(await graphql(library, doc, { operationName: 'A' }))).toEqual({ book_by_pk: { id: 1 } })
    const unnamed = await graphql(library, doc)
    expect(unnamed.status).toBe(400)
    expect(errorMessages(unnamed)).toEqual(['Must provide operation name if query contains multiple operations.'])
    const unknown = await graphql(library, doc, { operationName: 'C' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_GRAPHQL_OPERATION')
  })

  it('runs queries sent with GET and refuses mutations there', async () => {
    const get = await library.request(
      `/graphql${query({ query: 'query($id: Int!) { book_by_pk(id: $id) { id } }', variables: JSON.stringify({ id: 4 }) })}`,
    )
    expect(get.status).toBe(200)
    expect(get.body).toEqual({ data: { book_by_pk: { id: 4 } } })
    const mutation = await library.request(`/graphql${query({ query: 'mutation { deletePublisher(id: 1) { id } }' })}`)
    expect(mutation.status).toBe(405)
    expect(mutation.headers['allow']).toBe('POST')
    expect(mutation.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_GRAPHQL_MUTATION_GET')
  })

  it('answers malformed requests with 400 and an errors array', async () => {
    const cases: Array<[string, string | undefined, RegExp]> = [
      ['{not json', 'application/json', /not valid JSON/],
      ['[]', 'application/json', /JSON object/],
      ['{"variables":{}}', 'application/json', /non-empty "query"/],
      [
        '{"query":"{ books { items { id } } }","variables":[1]}',
        'application/json',
        /"variables" must be a JSON object/,
      ],
      ['', 'application/json', /body is empty/],
    ]
    for (const [payload, type, message] of cases) {
      const response = await library.request('/graphql', {
        method: 'POST',
        headers: type === undefined ? {} : { 'content-type': type },
        payload,
      })
      expect(response.status, payload).toBe(400)
      expect(Object.keys(response.body)).toEqual(['errors'])
      expect(errorMessages(response)[0], payload).toMatch(message)
    }
    const text = await library.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    })
    expect(text.status).toBe(415)
    expect(text.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_UNSUPPORTED_MEDIA_TYPE')
  })

  it('accepts the query as an application/graphql body', async () => {
    const response = await library.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/graphql' },
      payload: '{ book_by_pk(id: 1) { id } }',
    })
    expect(response.body).toEqual({ data: { book_by_pk: { id: 1 } } })
  })
})
