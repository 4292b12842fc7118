import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectUnchanged, send, withWriteFixtures } from './support/write-helpers.js'

// Production mode (`runtime.host.mode: production`): database errors carry the coded message only, never the
// database's own text. Every caller is anonymous in production (no authentication provider, X-MS-API-ROLE is not
// honoured), so anonymous is given every action on the entities written here.
describe('database errors on writes in production mode', () => {
  const all = { permissions: [{ role: 'anonymous', actions: ['*'] }] }
  const library = useLibraryServer(
    withWriteFixtures({
      runtime: { host: { mode: 'production' } },
      entities: { Book: all, BookAuthor: all, Review: all, StockItem: all, BookDetail: all },
    }),
  )
  const anonymous = { role: 'anonymous' }

  it.each([
    [
      'a unique violation',
      'Book',
      'POST',
      '/api/Book',
      { title: 'Copy', publisher_id: 1, isbn: '9781900001076' },
      '{"error":{"code":"Conflict","message":"The request conflicts with an existing row (a unique key would be duplicated).","status":409}}',
    ],
    [
      'a foreign key violation',
      'Book',
      'POST',
      '/api/Book',
      { title: 'Orphan', publisher_id: 999 },
      '{"error":{"code":"Bad Request","message":"The database rejected the request: a referenced row does not exist, or other rows still reference this one.","status":400}}',
    ],
    [
      'a delete of a referenced row',
      'Book',
      'DELETE',
      '/api/Book/id/1',
      undefined,
      '{"error":{"code":"Bad Request","message":"The database rejected the request: a referenced row does not exist, or other rows still reference this one.","status":400}}',
    ],
    [
      'a check violation',
      'books/reviews',
      'PATCH',
      '/api/books/reviews/book_id/1/id/1',
      { rating: 6 },
      '{"error":{"code":"Bad Request","message":"The database rejected the request: a value violates a check constraint.","status":400}}',
    ],
    [
      'a not-null violation',
      'StockItem',
      'PATCH',
      '/api/StockItem/sku/P-1',
      { quantity: 1 },
      '{"error":{"code":"Bad Request","message":"The database rejected the request: a required value is missing.","status":400}}',
    ],
    [
      'a value out of range',
      'Book',
      'PATCH',
      '/api/Book/id/2',
      { price: 123456789012 },
      '{"error":{"code":"Bad Request","message":"The database rejected the request: a value has the wrong type, format or range for its column.","status":400}}',
    ],
  ] as const)('%s answers the coded message alone', async (_, entity, method, url, body, expected) => {
    const response = await expectUnchanged(library, entity, () => send(library, method, url, body, anonymous))
    expect(response.text).toBe(expected)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
  })

  it('a write the database cannot perform on a view shows no database text', async () => {
    const response = await expectUnchanged(library, 'BookDetail', () =>
      send(library, 'PATCH', '/api/BookDetail/id/1', { title: 'x' }, anonymous),
    )
    expect(response.status, response.text).toBe(400)
    expect(response.body.error.message).toBe(
      'The database rejected the request: the database cannot write this object or column (for example a view that is not updatable).',
    )
  })

  it('writes succeed for a role that holds the action', async () => {
    const response = await send(
      library,
      'PUT',
      '/api/BookAuthor/book_id/1/author_id/2',
      { royalty_percentage: 4 },
      anonymous,
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body.value).toEqual([{ book_id: 1, author_id: 2, royalty_percentage: 4 }])
  })

  it('does not honour X-MS-API-ROLE: a caller naming authenticated still writes as anonymous (403 on Loan)', async () => {
    const response = await expectUnchanged(library, 'Book', () =>
      send(
        library,
        'POST',
        '/api/Loan',
        { book_id: 1, member: 'x', loanedOn: '2025-01-01' },
        { role: 'authenticated' },
      ),
    )
    expect(response.status, response.text).toBe(403)
  })
})
