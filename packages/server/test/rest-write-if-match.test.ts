import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, read, send } from './support/write-helpers.js'

const NOT_FOUND = 'No Update could be performed, record not found'
const ETAGS = "Etags not supported, use '*'"

// If-Match (SPEC REST writes rule 6): `*` makes PUT/PATCH update-only (200, or 404 when the row is absent); any other
// value, or the header twice, is 400; DELETE ignores it; a keyless PUT/PATCH with `*` has no row to match (400).
describe('If-Match on PUT and PATCH', () => {
  const library = useLibraryServer()
  const star = { headers: { 'if-match': '*' } }

  it.each(['PUT', 'PATCH'] as const)(
    '%s with If-Match: * updates an existing row: 200 with the record, no Location',
    async (method) => {
      const response = await send(
        library,
        method,
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: method === 'PUT' ? 11 : 13 },
        star,
      )
      expect(response.status, response.text).toBe(200)
      const expected = [{ book_id: 1, author_id: 1, royalty_percentage: method === 'PUT' ? 11 : 13 }]
      expect(response.body.value).toEqual(expected)
      expect(response.headers['location']).toBeUndefined()
      expect(await read(library, '/api/BookAuthor/book_id/1/author_id/1')).toEqual(expected)
    },
  )

  it.each(['PUT', 'PATCH'] as const)(
    '%s with If-Match: * on an absent key answers 404 and inserts nothing',
    async (method) => {
      const response = await expectUnchanged(library, 'BookAuthor', () =>
        send(library, method, '/api/BookAuthor/book_id/1/author_id/30', { royalty_percentage: 1 }, star),
      )
      expectError(response, 404, NOT_FOUND)
      expect(await read(library, '/api/BookAuthor/book_id/1/author_id/30')).toEqual([])
    },
  )

  it('If-Match: * on an absent generated key answers the If-Match 404', async () => {
    const response = await expectUnchanged(library, 'Book', () =>
      send(library, 'PATCH', '/api/Book/id/4242', { title: 'x' }, star),
    )
    expectError(response, 404, NOT_FOUND)
  })

  it('If-Match: * on an existing generated key updates (PATCH changes only the given fields)', async () => {
    const response = await send(library, 'PATCH', '/api/Book/id/3', { pages: 300 }, star)
    expect(response.status, response.text).toBe(200)
    expect(response.body.value).toEqual([
      expect.objectContaining({ id: 3, title: 'A Field Guide to Northern Moths', pages: 300, price: 32 }),
    ])
  })

  it.each(['"abc"', 'W/"1"', '"*"', '**', 'x', '*, "abc"'])(
    'any other If-Match value (%s) answers 400 and changes nothing, on PUT and PATCH',
    async (value) => {
      for (const method of ['PUT', 'PATCH'] as const) {
        for (const url of ['/api/BookAuthor/book_id/1/author_id/1', '/api/BookAuthor/book_id/1/author_id/29']) {
          const response = await expectUnchanged(library, 'BookAuthor', () =>
            send(library, method, url, { royalty_percentage: 50 }, { headers: { 'if-match': value } }),
          )
          expectError(response, 400, ETAGS)
        }
      }
    },
  )

  it('If-Match sent twice answers 400, even when both are *', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(
        library,
        'PATCH',
        '/api/BookAuthor/book_id/1/author_id/1',
        { royalty_percentage: 50 },
        { headers: { 'if-match': ['*', '*'] } },
      ),
    )
    expectError(response, 400, ETAGS)
  })

  it('DELETE ignores If-Match, whatever its value', async () => {
    expect(
      (
        await send(library, 'DELETE', '/api/BookAuthor/book_id/2/author_id/2', undefined, {
          headers: { 'if-match': '"abc"' },
        })
      ).status,
    ).toBe(204)
    expect((await send(library, 'DELETE', '/api/BookAuthor/book_id/2/author_id/3', undefined, star)).status).toBe(204)
    expect(await read(library, '/api/BookAuthor?$filter=book_id%20eq%202')).toEqual([])
  })

  it.each(['PUT', 'PATCH'] as const)(
    'a keyless %s with If-Match: * answers 400 (no key to match) and inserts nothing',
    async (method) => {
      const response = await expectUnchanged(library, 'Book', () =>
        send(library, method, '/api/Book', { title: 'x', publisher_id: 1 }, star),
      )
      expectError(response, 400, 'Primary Key for this HTTP request type is required.')
    },
  )

  it('a composite key missing its generated part with If-Match: * answers 400 and inserts nothing', async () => {
    const response = await expectUnchanged(library, 'books/reviews', () =>
      send(library, 'PUT', '/api/books/reviews/book_id/1', { rating: 3 }, star),
    )
    expectError(response, 400, /.+/)
  })
})
