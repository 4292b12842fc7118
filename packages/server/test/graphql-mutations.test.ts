import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { dataOf, errorMessages, graphql, restRows } from './graphql-helpers.js'

const AUTH = { role: 'authenticated' }

describe('GraphQL mutations', () => {
  const library = useLibraryServer({
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          {
            role: 'editor',
            actions: ['read', 'create', { action: 'update', fields: { include: ['title', 'price'] } }],
          },
          { role: 'updater', actions: ['read', 'update'] },
          { role: 'clerk', actions: ['create', { action: 'read', fields: { exclude: ['isbn'] } }] },
        ],
      },
    },
  })

  it('createBook inserts the item and returns it, defaults filled in, like REST POST', async () => {
    const response = await graphql(
      library,
      'mutation($item: CreateBookInput!) { createBook(item: $item) { id title publisher_id price inPrint isbn } }',
      {
        ...AUTH,
        variables: { item: { title: 'Tide Tables', publisher_id: 2, price: 12.5 } },
      },
    )
    const created = dataOf(response).createBook
    expect(created).toMatchObject({ title: 'Tide Tables', publisher_id: 2, price: 12.5, inPrint: true, isbn: null })
    expect(created.id).toBeGreaterThanOrEqual(5001)
    const [stored] = await restRows(
      library,
      `/api/Book/id/${created.id}?$select=id,title,publisher_id,price,inPrint,isbn`,
    )
    expect(stored).toEqual(created)
  })

  it('updateBook changes only the given fields of an existing row', async () => {
    const before = (await restRows(library, '/api/Book/id/10'))[0]
    const data = dataOf(
      await graphql(
        library,
        'mutation { updateBook(id: 10, item: { title: "Renamed", pages: 77 }) { id title pages price } }',
        AUTH,
      ),
    )
    expect(data.updateBook).toEqual({ id: 10, title: 'Renamed', pages: 77, price: before.price })
    const [after] = await restRows(library, '/api/Book/id/10')
    expect(after).toEqual({ ...before, title: 'Renamed', pages: 77 })
  })

  it('updateBook for an absent key is an error entry and inserts nothing (If-Match: * semantics)', async () => {
    const response = await graphql(
      library,
      'mutation { updateBook(id: 987654, item: { title: "Ghost" }) { id } }',
      AUTH,
    )
    expect(response.status).toBe(200)
    expect(response.body.data).toEqual({ updateBook: null })
    expect(response.body.errors[0]).toMatchObject({
      message: 'No Update could be performed, record not found',
      path: ['updateBook'],
      extensions: { code: 'ItemNotFound', sluiceCode: 'SLUICE_ERR_UPDATE_NOT_FOUND', status: 404 },
    })
    expect(await restRows(library, "/api/Book?$filter=title eq 'Ghost'")).toEqual([])
  })

  it('deleteBook deletes by key and returns the deleted record; an absent key is an error entry', async () => {
    const created = dataOf(
      await graphql(library, 'mutation { createBook(item: { title: "Short-lived", publisher_id: 1 }) { id } }', AUTH),
    ).createBook
    const deleted = dataOf(await graphql(library, `mutation { deleteBook(id: ${created.id}) { id title } }`, AUTH))
    expect(deleted.deleteBook).toEqual({ id: created.id, title: 'Short-lived' })
    expect(await restRows(library, `/api/Book?$filter=id eq ${created.id}`)).toEqual([])
    const again = await graphql(library, `mutation { deleteBook(id: ${created.id}) { id } }`, AUTH)
    expect(again.body.data).toEqual({ deleteBook: null })
    expect(again.body.errors[0].extensions).toEqual({
      code: 'ItemNotFound',
      sluiceCode: 'SLUICE_ERR_DELETE_NOT_FOUND',
      status: 404,
    })
  })

  it('runs aliased mutations in order without a transaction: earlier successes stay, later ones still run (SPEC rule 3)', async () => {
    const response = await graphql(
      library,
      `
        mutation {
          a: createPublisher(item: { name: "Alpha Press" }) {
            id
            name
          }
          b: createBook(item: { title: "Orphan", publisher_id: 999999 }) {
            id
          }
          c: createPublisher(item: { name: "Gamma Press" }) {
            id
            name
          }
        }
      `,
      AUTH,
    )
    expect(response.status).toBe(200)
    const { a, b, c } = response.body.data
    expect(a.name).toBe('Alpha Press')
    expect(b).toBeNull()
    expect(c.name).toBe('Gamma Press')
    expect(c.id).toBeGreaterThan(a.id)
    expect(response.body.errors).toHaveLength(1)
    expect(response.body.errors[0].path).toEqual(['b'])
    expect(response.body.errors[0].extensions.status).toBe(400)
    const names = (
      await restRows(library, "/api/Publisher?$filter=name eq 'Alpha Press' or name eq 'Gamma Press'")
    ).map((p) => p.name)
    expect(names.sort()).toEqual(['Alpha Press', 'Gamma Press'])
  })

  it('runs several mutations on the same row in the written order', async () => {
    const data = dataOf(
      await graphql(
        library,
        `
          mutation {
            first: updateBook(id: 11, item: { pages: 1 }) {
              pages
            }
            second: updateBook(id: 11, item: { pages: 2 }) {
              pages
            }
          }
        `,
        AUTH,
      ),
    )
    expect(data).toEqual({ first: { pages: 1 }, second: { pages: 2 } })
    expect((await restRows(library, '/api/Book/id/11?$select=pages'))[0].pages).toBe(2)
  })

  it('refuses the mutation for a role without the action, with the REST message and code', async () => {
    const response = await graphql(library, 'mutation { createBook(item: { title: "Nope", publisher_id: 1 }) { id } }')
    expect(response.body.data).toEqual({ createBook: null })
    expect(response.body.errors[0]).toMatchObject({
      message: 'The current role does not have permission to perform this action.',
      extensions: { code: 'AUTH_NOT_AUTHENTICATED', sluiceCode: 'SLUICE_ERR_FORBIDDEN', status: 403 },
    })
  })

  it("refuses input fields outside the role's update fields and writes nothing", async () => {
    const response = await graphql(
      library,
      'mutation { updateBook(id: 12, item: { title: "Edited", pages: 5 }) { id } }',
      { role: 'editor' },
    )
    expect(response.body.data).toEqual({ updateBook: null })
    expect(errorMessages(response)).toEqual(["Invalid field 'pages' in item"])
    const ok = dataOf(
      await graphql(library, 'mutation { updateBook(id: 12, item: { title: "Edited" }) { id title } }', {
        role: 'editor',
      }),
    )
    expect(ok.updateBook).toEqual({ id: 12, title: 'Edited' })
  })

  it('needs only update for updateBook (Data API builder), unlike REST PATCH', async () => {
    const data = dataOf(
      await graphql(library, 'mutation { updateBook(id: 13, item: { title: "Update only" }) { id title } }', {
        role: 'updater',
      }),
    )
    expect(data.updateBook).toEqual({ id: 13, title: 'Update only' })
  })

  it('refuses a selection of fields the role may not read before writing anything', async () => {
    const response = await graphql(
      library,
      'mutation { createBook(item: { title: "Hidden ISBN", publisher_id: 1 }) { id isbn } }',
      { role: 'clerk' },
    )
    expect(response.body.data).toEqual({ createBook: null })
    expect(errorMessages(response)).toEqual(["Invalid field 'isbn' in selection"])
    expect(await restRows(library, "/api/Book?$filter=title eq 'Hidden ISBN'")).toEqual([])
    const ok = dataOf(
      await graphql(library, 'mutation { createBook(item: { title: "Visible", publisher_id: 1 }) { title } }', {
        role: 'clerk',
      }),
    )
    expect(ok.createBook).toEqual({ title: 'Visible' })
  })

  it('reports database errors as error entries with a 4xx status in extensions', async () => {
    const response = await graphql(
      library,
      'mutation { createBook(item: { title: "Bad publisher", publisher_id: 424242 }) { id } }',
      AUTH,
    )
    expect(response.status).toBe(200)
    expect(response.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_DATABASE_INPUT')
  })

  it('validates input types before running anything', async () => {
    const response = await graphql(library, 'mutation { createBook(item: { title: 5, publisher_id: 1 }) { id } }', AUTH)
    expect(response.status).toBe(400)
    expect(response.body.errors[0].extensions.sluiceCode).toBe('SLUICE_ERR_GRAPHQL_VALIDATION')
    const missing = await graphql(library, 'mutation { createBook(item: { publisher_id: 1 }) { id } }', AUTH)
    expect(missing.status).toBe(400)
    expect(errorMessages(missing)[0]).toMatch(/title/)
  })
})
