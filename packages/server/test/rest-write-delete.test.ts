import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, read, send, startsWith } from './support/write-helpers.js'

// DELETE /api/{entity}/{key}/{value}: 204 without a body; 404 for an absent row (simple and composite keys);
// 400 without a key; a body is parsed as JSON and, with request-body-strict (the default), any field in it is refused
// (SPEC REST writes rule 1: key fields belong in the URL; non-strict: rest-write-non-strict); a row other rows
// reference stays (foreign key, 400).
describe('DELETE by key', () => {
  const library = useLibraryServer()

  it('deletes an existing row: 204 with an empty body, and the row is gone', async () => {
    const created = await send(library, 'POST', '/api/Book', { title: 'Short-lived', publisher_id: 1 })
    const id = created.body.value[0].id
    const response = await send(library, 'DELETE', `/api/Book/id/${id}`)
    expect(response.status, response.text).toBe(204)
    expect(response.text).toBe('')
    expect(response.headers['location']).toBeUndefined()
    expect(await read(library, `/api/Book/id/${id}`)).toEqual([])
  })

  it('deletes only the addressed row of a composite key, given in either order', async () => {
    const before = await read(library, '/api/BookAuthor?$filter=book_id%20eq%2012')
    expect(before).toHaveLength(3)
    const response = await send(library, 'DELETE', '/api/BookAuthor/author_id/23/book_id/12')
    expect(response.status, response.text).toBe(204)
    expect(await read(library, '/api/BookAuthor?$filter=book_id%20eq%2012')).toEqual(
      before.filter((r) => r.author_id !== 23),
    )
  })

  it('deletes a row below a subdirectory path', async () => {
    expect((await send(library, 'DELETE', '/api/books/reviews/book_id/1/id/2')).status).toBe(204)
    expect(await read(library, '/api/books/reviews/book_id/1/id/2')).toEqual([])
    expect(await read(library, '/api/books/reviews/book_id/1/id/1')).toHaveLength(1)
  })

  it('answers 404 naming the key for an absent row, deleting nothing', async () => {
    const response = await expectUnchanged(library, 'Book', () => send(library, 'DELETE', '/api/Book/id/5901'))
    expectError(response, 404, 'Could not find item with <id: 5901>')
  })

  it('answers 404 the second time a row is deleted', async () => {
    expect((await send(library, 'DELETE', '/api/BookAuthor/book_id/1/author_id/1')).status).toBe(204)
    const response = await send(library, 'DELETE', '/api/BookAuthor/book_id/1/author_id/1')
    expectError(response, 404, 'Could not find item with <book_id: 1, author_id: 1>')
  })

  it('names every part of a composite key in the 404 message, in definition order', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'DELETE', '/api/BookAuthor/author_id/2/book_id/1'),
    )
    expectError(response, 404, 'Could not find item with <book_id: 1, author_id: 2>')
  })

  it('answers 400 without a key, deleting nothing', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () => send(library, 'DELETE', '/api/BookAuthor'))
    expectError(response, 400, 'Primary Key for this HTTP request type is required.')
    expectError(await send(library, 'DELETE', '/api/Book'), 400, 'Primary Key for this HTTP request type is required.')
  })

  it('answers 400 for part of a composite key, deleting nothing', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'DELETE', '/api/BookAuthor/book_id/2'),
    )
    expectError(
      response,
      400,
      'Primary key column(s) provided do not match the key of BookAuthor: expected book_id, author_id.',
    )
  })

  it('refuses a body naming any field, key fields included (400), deleting nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/BookAuthor/book_id/3/author_id/9', { book_id: 4, author_id: 10 }, 'book_id'],
      ['/api/BookAuthor/book_id/3/author_id/9', { book_id: 3, author_id: 9 }, 'book_id'],
      ['/api/BookAuthor/book_id/3/author_id/9', { author_id: 9 }, 'author_id'],
      ['/api/BookAuthor/book_id/3/author_id/9', { royalty_percentage: 10 }, 'royalty_percentage'],
      ['/api/BookAuthor/book_id/3/author_id/9', { nope: 1 }, 'nope'],
      ['/api/Book/id/9', { id: 9 }, 'id'],
    ]
    for (const [url, body, field] of cases) {
      const entity = url.split('/')[2]!
      const response = await expectUnchanged(library, entity, () => send(library, 'DELETE', url, body))
      expectError(response, 400, `Invalid field '${field}' in request body`)
    }
    expect(await read(library, '/api/BookAuthor/book_id/3/author_id/9')).toHaveLength(1)
    expect(await read(library, '/api/BookAuthor/book_id/4/author_id/10')).toHaveLength(1)
  })

  it('refuses a body that is not JSON (400), deleting nothing', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'DELETE', '/api/BookAuthor/book_id/3/author_id/9', 'not json {'),
    )
    expectError(response, 400, 'Request body contains invalid JSON.')
    expect(await read(library, '/api/BookAuthor/book_id/3/author_id/9')).toHaveLength(1)
  })

  it('accepts an empty or blank body, and an object naming no field (204)', async () => {
    expect((await send(library, 'DELETE', '/api/BookAuthor/book_id/3/author_id/9', '')).status).toBe(204)
    expect((await send(library, 'DELETE', '/api/BookAuthor/book_id/3/author_id/21', ' \n ')).status).toBe(204)
    expect(await read(library, '/api/BookAuthor?$filter=book_id%20eq%203')).toEqual([])
    expect((await send(library, 'DELETE', '/api/BookAuthor/book_id/4/author_id/10', {})).status).toBe(204)
    expect(await read(library, '/api/BookAuthor/book_id/4/author_id/10')).toEqual([])
  })

  it('refuses to delete a book that loans still reference (400), leaving it and its loans', async () => {
    const loans = await read(library, '/api/Loan?$filter=book_id%20eq%201&$first=-1')
    expect(loans.length).toBeGreaterThan(0)
    const response = await expectUnchanged(library, 'Book', () => send(library, 'DELETE', '/api/Book/id/1'))
    expectError(
      response,
      400,
      startsWith(
        'The database rejected the request: a referenced row does not exist, or other rows still reference this one.',
      ),
    )
    expect(await read(library, '/api/Loan?$filter=book_id%20eq%201&$first=-1')).toEqual(loans)
  })

  it('refuses a query string with 400, deleting nothing', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'DELETE', '/api/BookAuthor/book_id/5/author_id/13?$select=book_id'),
    )
    expectError(response, 400, 'Query string for this HTTP request type is an invalid URL.')
  })
})
