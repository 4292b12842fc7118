import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, locationOf, read, send, withWriteFixtures } from './support/write-helpers.js'

// `runtime.rest.request-body-strict: false` (SPEC REST writes rule 1): unknown fields, key fields that belong in the
// URL (a DELETE body's fields too), and fields the database generates or computes are ignored instead of refused. Everything else is still
// checked: fields the role may not write, value types, nulls, required fields.
describe('writes with request-body-strict: false', () => {
  const library = useLibraryServer(
    withWriteFixtures({
      runtime: { rest: { 'request-body-strict': false } },
      entities: {
        Book: {
          permissions: [
            { role: 'anonymous', actions: ['read'] },
            { role: 'authenticated', actions: ['*'] },
            // PUT and PATCH need create as well as update (SPEC §REST paths): both, with the same fields.
            {
              role: 'titler',
              actions: [
                'read',
                { action: 'update', fields: { include: ['title'] } },
                { action: 'create', fields: { include: ['title'] } },
              ],
            },
          ],
        },
      },
    }),
  )

  it('POST ignores unknown fields', async () => {
    const response = await send(library, 'POST', '/api/Book', {
      title: 'Lenient',
      publisher_id: 2,
      nope: 1,
      Title: 'other',
      published: '2020-01-01',
    })
    expect(response.status, response.text).toBe(201)
    const record = response.body.value[0]
    expect(Object.keys(record)).toEqual([
      'id',
      'title',
      'publisher_id',
      'publishedOn',
      'price',
      'pages',
      'inPrint',
      'isbn',
      'created_at',
    ])
    expect(record).toMatchObject({ title: 'Lenient', publisher_id: 2, publishedOn: null })
    expect(response.headers['location']).toBe(locationOf(`/api/Book/id/${record.id}`))
  })

  it('POST ignores a generated key in the body: the database still chooses it', async () => {
    const response = await send(library, 'POST', '/api/Book', { id: 3, title: 'Not three', publisher_id: 1 })
    expect(response.status, response.text).toBe(201)
    const { id } = response.body.value[0]
    expect(id).toBeGreaterThanOrEqual(5001)
    expect(response.headers['location']).toBe(locationOf(`/api/Book/id/${id}`))
    expect((await read(library, '/api/Book/id/3'))[0].title).toBe('A Field Guide to Northern Moths')
  })

  it('a keyless PUT ignores a generated key in the body', async () => {
    const response = await send(library, 'PUT', '/api/Book', { id: 4, title: 'Keyless lenient', publisher_id: 1 })
    expect(response.status, response.text).toBe(201)
    expect(response.body.value[0].id).toBeGreaterThanOrEqual(5001)
    expect((await read(library, '/api/Book/id/4'))[0].title).toBe('SQL_CONN')
  })

  it("PUT and PATCH ignore key fields in the body: the URL's key wins", async () => {
    const patched = await send(library, 'PATCH', '/api/BookAuthor/book_id/1/author_id/1', {
      book_id: 2,
      author_id: 9,
      royalty_percentage: 1.25,
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.value).toEqual([{ book_id: 1, author_id: 1, royalty_percentage: 1.25 }])
    const put = await send(library, 'PUT', '/api/BookAuthor/book_id/1/author_id/8', {
      book_id: 2,
      author_id: 9,
      royalty_percentage: 2,
    })
    expect(put.status, put.text).toBe(201)
    expect(put.body.value).toEqual([{ book_id: 1, author_id: 8, royalty_percentage: 2 }])
    expect(await read(library, '/api/BookAuthor/book_id/2/author_id/9')).toEqual([])
  })

  it('ignores computed and serial columns in the body', async () => {
    const response = await send(
      library,
      'PATCH',
      '/api/StockItem/sku/A-2',
      { quantity: 4, total_value: 1, line_no: 99 },
      { headers: { 'if-match': '*' } },
    )
    expect(response.status, response.text).toBe(200)
    expect(response.body.value[0]).toMatchObject({ sku: 'A-2', quantity: 4, total_value: 100 })
    expect(response.body.value[0].line_no).not.toBe(99)
  })

  it('a PATCH whose fields are all ignored changes nothing (200)', async () => {
    const before = await read(library, '/api/Book/id/8')
    const response = await send(library, 'PATCH', '/api/Book/id/8', { nope: 1, id: 77 })
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual(before)
    expect(await read(library, '/api/Book/id/8')).toEqual(before)
  })

  it("DELETE ignores the fields of its body, key fields included: the URL's key wins (204)", async () => {
    const response = await send(library, 'DELETE', '/api/BookAuthor/book_id/3/author_id/9', {
      book_id: 4,
      author_id: 10,
      royalty_percentage: 1,
      nope: 1,
    })
    expect(response.status, response.text).toBe(204)
    expect(response.text).toBe('')
    expect(await read(library, '/api/BookAuthor/book_id/3/author_id/9')).toEqual([])
    expect(await read(library, '/api/BookAuthor/book_id/4/author_id/10')).toHaveLength(1)
  })

  it('DELETE still refuses a body that is not JSON (400), deleting nothing', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'DELETE', '/api/BookAuthor/book_id/3/author_id/21', 'not json {'),
    )
    expectError(response, 400, 'Request body contains invalid JSON.')
    expect(await read(library, '/api/BookAuthor/book_id/3/author_id/21')).toHaveLength(1)
  })

  it('still refuses a field the role may not write (400)', async () => {
    const response = await expectUnchanged(library, 'Book', () =>
      send(library, 'PATCH', '/api/Book/id/9', { pages: 1 }, { role: 'titler' }),
    )
    expectError(response, 400, "Invalid field 'pages' in request body")
  })

  it('still refuses wrong types, nulls for non-nullable fields and missing required fields (400)', async () => {
    expectError(
      await expectUnchanged(library, 'Book', () => send(library, 'PATCH', '/api/Book/id/9', { title: 5, nope: 1 })),
      400,
      "Invalid value 5 for field 'title' in request body: expected a string.",
    )
    expectError(
      await expectUnchanged(library, 'Book', () => send(library, 'PATCH', '/api/Book/id/9', { title: null })),
      400,
      "Invalid value for field 'title' in request body: the field is not nullable.",
    )
    expectError(
      await expectUnchanged(library, 'Book', () => send(library, 'POST', '/api/Book', { publisher_id: 1, nope: 1 })),
      400,
      'Invalid request body. Missing field in body: title.',
    )
  })

  it('still refuses a body that is not a JSON object (400)', async () => {
    expectError(
      await expectUnchanged(library, 'Book', () => send(library, 'POST', '/api/Book', '[]')),
      400,
      'A Mutation operation on more than one entity in a single request is not yet supported.',
    )
  })
})
