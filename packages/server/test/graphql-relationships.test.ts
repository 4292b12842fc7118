import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SluiceServer } from '../src/index.js'
import { requestJson, startLibraryServer, type LibraryTestServer } from './support/library-test-server.js'
import { recordStatements } from './support/record-statements.js'
import { dataOf, errorMessages, graphql } from './graphql-helpers.js'

/**
 * Relationship fields on the library sample (Publisher.books, Book.publisher, Book.authors through book_authors,
 * Author.books, Review.book…): nested selections with their own arguments, related-entity filters, and one SQL
 * statement per root field however deep the nesting (the driver's statements are counted).
 */
let server: SluiceServer
let statements: string[] = []
const library: LibraryTestServer = {
  get app() {
    return server.app
  },
  get server() {
    return server
  },
  request: (url, options) => requestJson(server.app, url, options),
  requestRawPath: () => {
    throw new Error('not used')
  },
}

beforeAll(async () => {
  server = await startLibraryServer({
    entities: {
      Author: {
        permissions: [
          { role: 'anonymous', actions: [{ action: 'read', fields: { exclude: ['email'] } }] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'no-books', actions: ['read'] },
        ],
      },
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'lighthouse', actions: [{ action: 'read', policy: { database: '@item.publisher_id eq 1' } }] },
          // Configured on Book without read, so it does not inherit authenticated's read.
          { role: 'no-books', actions: ['create'] },
        ],
      },
      Publisher: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'lighthouse', actions: ['read'] },
        ],
      },
      Review: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
        ],
      },
    },
  })
  statements = recordStatements(server)
})
afterAll(async () => server.close())

async function sql(text: string, parameters: unknown[] = []): Promise<any[]> {
  return (
    await server.sluice.driver.execute({ sql: text, parameters, name: undefined }, { signal: undefined } as never)
  ).rows as any[]
}

describe('GraphQL relationships', () => {
  it('nests one and many relationships three levels deep in one SQL statement per root field', async () => {
    statements.length = 0
    const data = dataOf(
      await graphql(
        library,
        `
          {
            publishers(first: 3, orderBy: { id: ASC }) {
              items {
                id
                name
                books(first: 40, orderBy: { title: ASC }) {
                  items {
                    id
                    title
                    publisher {
                      name
                    }
                    authors(first: 40) {
                      items {
                        id
                        name
                        books(first: 40) {
                          items {
                            id
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        `,
      ),
    )
    expect(statements).toHaveLength(1)
    for (const publisher of data.publishers.items) {
      const books = await sql('select id, title from books where publisher_id = $1 order by title, id', [publisher.id])
      expect(publisher.books.items.map((b: any) => [b.id, b.title])).toEqual(books.map((b) => [b.id, b.title]))
      for (const book of publisher.books.items) {
        expect(book.publisher).toEqual({ name: publisher.name })
        const authors = await sql(
          'select a.id, a.name from authors a join book_authors ba on ba.author_id = a.id where ba.book_id = $1 order by a.id',
          [book.id],
        )
        expect(book.authors.items.map((a: any) => [a.id, a.name])).toEqual(authors.map((a) => [a.id, a.name]))
        for (const author of book.authors.items) {
          const theirs = await sql('select book_id as id from book_authors where author_id = $1 order by book_id', [
            author.id,
          ])
          expect(author.books.items).toEqual(theirs)
        }
      }
    }
  })

  it('runs one statement per root field when a request has several', async () => {
    statements.length = 0
    dataOf(
      await graphql(
        library,
        '{ a: books(first: 2) { items { id publisher { name } } } b: publisher_by_pk(id: 1) { books { items { id } } } }',
      ),
    )
    expect(statements).toHaveLength(2)
  })

  it('gives nested lists their own filter, orderBy, first and after', async () => {
    const first = dataOf(
      await graphql(
        library,
        `
          {
            publisher_by_pk(id: 1) {
              books(first: 2, orderBy: { pages: DESC }, filter: { inPrint: { eq: true } }) {
                items {
                  id
                  pages
                }
                hasNextPage
                endCursor
              }
            }
          }
        `,
      ),
    )
    const expected = await sql(
      'select id, pages from books where publisher_id = 1 and in_print order by pages desc nulls last, id',
    )
    const page = first.publisher_by_pk.books
    expect(page.hasNextPage).toBe(expected.length > 2)
    const ids = [...page.items.map((b: any) => b.id)]
    const next = dataOf(
      await graphql(
        library,
        `
          query ($after: String) {
            publisher_by_pk(id: 1) {
              books(first: 100, after: $after, orderBy: { pages: DESC }, filter: { inPrint: { eq: true } }) {
                items {
                  id
                }
                hasNextPage
              }
            }
          }
        `,
        { variables: { after: page.endCursor } },
      ),
    )
    ids.push(...next.publisher_by_pk.books.items.map((b: any) => b.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids.sort((x, y) => x - y)).toEqual(expected.map((b) => b.id).sort((x, y) => x - y))
  })

  it('writes each aliased selection of the same relationship under its alias', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          {
            publisher_by_pk(id: 1) {
              cheap: books(filter: { price: { lt: 10 } }) {
                items {
                  id
                }
              }
              dear: books(filter: { price: { gte: 10 } }) {
                items {
                  id
                }
              }
              house: __typename
            }
          }
        `,
      ),
    )
    const cheap = await sql('select id from books where publisher_id = 1 and price < 10 order by id')
    const dear = await sql('select id from books where publisher_id = 1 and price >= 10 order by id')
    expect(data.publisher_by_pk).toEqual({ cheap: { items: cheap }, dear: { items: dear }, house: 'Publisher' })
  })

  it('filters on a related entity (EXISTS), through linking objects too', async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ publishers(filter: { books: { title: { contains: "Lighthouse" } } }) { items { id } } }',
      ),
    )
    const expected = await sql(
      "select id from publishers p where exists (select 1 from books b where b.publisher_id = p.id and b.title like '%Lighthouse%') order by id",
    )
    expect(data.publishers.items).toEqual(expected)
    const viaLink = dataOf(
      await graphql(
        library,
        '{ books(first: -1, filter: { authors: { name: { startsWith: "A" } } }) { items { id } } }',
      ),
    )
    const linked = await sql(
      "select distinct b.id from books b join book_authors ba on ba.book_id = b.id join authors a on a.id = ba.author_id where a.name like 'A%' order by b.id",
    )
    expect(viaLink.books.items).toEqual(linked)
    const one = dataOf(
      await graphql(
        library,
        '{ books(first: -1, filter: { publisher: { country: { isNull: true } } }) { items { id } } }',
      ),
    )
    const noCountry = await sql(
      'select b.id from books b join publishers p on p.id = b.publisher_id where p.country is null order by b.id',
    )
    expect(one.books.items).toEqual(noCountry)
  })

  it("applies the target's field access to nested selections and related filters", async () => {
    const selected = await graphql(library, '{ books(first: 1) { items { id authors { items { email } } } } }')
    expect(selected.body.data).toEqual({ books: null })
    expect(errorMessages(selected)).toEqual(["Invalid field 'email' in selection"])
    const filtered = await graphql(
      library,
      '{ books(first: 1, filter: { authors: { email: { isNull: false } } }) { items { id } } }',
    )
    expect(errorMessages(filtered)).toEqual(["Invalid field 'email' in filter"])
    const permitted = await graphql(library, '{ books(first: 1) { items { id authors { items { email } } } } }', {
      role: 'authenticated',
    })
    expect(permitted.body.errors).toBeUndefined()
  })

  it("applies the target's row policy to nested rows", async () => {
    const data = dataOf(
      await graphql(
        library,
        '{ publishers(first: 100) { items { id books(first: 100) { items { publisher_id } } } } }',
        { role: 'lighthouse' },
      ),
    )
    for (const publisher of data.publishers.items) {
      expect(publisher.books.items.every((b: any) => b.publisher_id === 1)).toBe(true)
      if (publisher.id !== 1) expect(publisher.books.items).toEqual([])
    }
  })

  it('refuses a nested relationship whose target the role may not read', async () => {
    const response = await graphql(library, '{ authors(first: 1) { items { id books { items { id } } } } }', {
      role: 'no-books',
    })
    expect(response.body.data).toEqual({ authors: null })
    expect(response.body.errors[0].extensions).toEqual({
      code: 'AUTH_NOT_AUTHORIZED',
      sluiceCode: 'SLUICE_ERR_FORBIDDEN',
      status: 403,
    })
  })

  it('types one relationships as objects and many relationships as connections with list arguments', async () => {
    const book = dataOf(
      await graphql(
        library,
        `
          {
            __type(name: "Book") {
              fields {
                name
                args {
                  name
                }
                type {
                  kind
                  name
                  ofType {
                    name
                  }
                }
              }
            }
          }
        `,
      ),
    ).__type
    const byName = Object.fromEntries(book.fields.map((f: any) => [f.name, f]))
    expect(byName.publisher.type).toMatchObject({ kind: 'NON_NULL', ofType: { name: 'Publisher' } })
    // A many relationship is a nullable page, as in Data API builder.
    expect(byName.authors.type).toMatchObject({ kind: 'OBJECT', name: 'AuthorConnection' })
    expect(byName.authors.args.map((a: any) => a.name)).toEqual(['first', 'after', 'filter', 'orderBy'])
    const filter = dataOf(
      await graphql(library, '{ __type(name: "BookFilterInput") { inputFields { name type { name } } } }'),
    ).__type
    expect(filter.inputFields).toContainEqual({ name: 'publisher', type: { name: 'PublisherFilterInput' } })
  })
})
