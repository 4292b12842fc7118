import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'

const AUTH = { role: 'authenticated' }

describe('GraphQL multiple create (runtime.graphql.multiple-mutations.create.enabled)', () => {
  const library = useLibraryServer({ runtime: { graphql: { 'multiple-mutations': { create: { enabled: true } } } } })

  it('createBooks(items) inserts every item in one transaction and returns them as a connection', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          mutation {
            createBooks(
              items: [{ title: "Batch One", publisher_id: 1 }, { title: "Batch Two", publisher_id: 2, pages: 12 }]
            ) {
              items {
                id
                title
                publisher_id
                pages
              }
              hasNextPage
            }
          }
        `,
        AUTH,
      ),
    )
    expect(data.createBooks.items.map((b: any) => [b.title, b.publisher_id, b.pages])).toEqual([
      ['Batch One', 1, null],
      ['Batch Two', 2, 12],
    ])
    expect(data.createBooks.hasNextPage).toBe(false)
    const stored = await restRows(library, "/api/Book?$filter=startswith(title, 'Batch ')&$select=title")
    expect(stored.map((b) => b.title).sort()).toEqual(['Batch One', 'Batch Two'])
  })

  it('inserts nothing when one item fails (all or none)', async () => {
    const response = await graphql(
      library,
      `
        mutation {
          createBooks(
            items: [{ title: "Atomic One", publisher_id: 1 }, { title: "Atomic Two", publisher_id: 987654 }]
          ) {
            items {
              id
            }
          }
        }
      `,
      AUTH,
    )
    expect(response.body.data).toEqual({ createBooks: null })
    expect(response.body.errors).toHaveLength(1)
    expect(await restRows(library, "/api/Book?$filter=startswith(title, 'Atomic ')")).toEqual([])
  })

  it('creates related records nested in the item, in one transaction', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          mutation {
            createPublisher(
              item: {
                name: "Nested House"
                books: [{ title: "Nested A" }, { title: "Nested B", reviews: [{ rating: 5 }] }]
              }
            ) {
              id
              name
              books {
                items {
                  title
                  publisher_id
                  reviews {
                    items {
                      rating
                    }
                  }
                }
              }
            }
          }
        `,
        AUTH,
      ),
    )
    const publisher = data.createPublisher
    expect(publisher.name).toBe('Nested House')
    expect(publisher.books.items.map((b: any) => [b.title, b.publisher_id, b.reviews.items])).toEqual([
      ['Nested A', publisher.id, []],
      ['Nested B', publisher.id, [{ rating: 5 }]],
    ])
  })

  it('refuses the batch for a role without create', async () => {
    const response = await graphql(
      library,
      'mutation { createBooks(items: [{ title: "No", publisher_id: 1 }]) { items { id } } }',
    )
    expect(response.body.errors[0].extensions).toEqual({
      code: 'AUTH_NOT_AUTHENTICATED',
      sluiceCode: 'SLUICE_ERR_FORBIDDEN',
      status: 403,
    })
  })
})

describe('GraphQL multiple create disabled (default)', () => {
  const library = useLibraryServer()
  it('has no createBooks and no nested inputs', async () => {
    const batch = await graphql(
      library,
      'mutation { createBooks(items: [{ title: "x", publisher_id: 1 }]) { items { id } } }',
      AUTH,
    )
    expect(batch.status).toBe(400)
    expect(errorMessages(batch)[0]).toMatch(/^Cannot query field "createBooks" on type "Mutation"\./)
    const nested = await graphql(
      library,
      'mutation { createPublisher(item: { name: "x", books: [{ title: "y" }] }) { id } }',
      AUTH,
    )
    expect(nested.status).toBe(400)
  })
})
