import { describe, expect, it } from 'vitest'
import { useLibraryServer, type JsonResponse } from './support/library-test-server.js'
import { expectError, expectUnchanged, read, send, startsWith, withWriteFixtures } from './support/write-helpers.js'

const CONFLICT = 'The request conflicts with an existing row (a unique key would be duplicated).'
const REJECTED = 'The database rejected the request:'
const FOREIGN_KEY = `${REJECTED} a referenced row does not exist, or other rows still reference this one.`
const CHECK = `${REJECTED} a value violates a check constraint.`
const NOT_NULL = `${REJECTED} a required value is missing.`
const BAD_VALUE = `${REJECTED} a value has the wrong type, format or range for its column.`

/** In development mode the database's own message follows the coded message, after one space. */
function expectDatabaseError(response: JsonResponse, status: number, message: string, detail: RegExp): void {
  expectError(response, status, startsWith(`${message} `))
  expect(response.body.error.message.slice(message.length + 1)).toMatch(detail)
}

// Constraint violations the database reports (development mode): unique → 409, not-null / foreign key / check / bad
// value / not writable → 400, never a 500, the database's message appended, and no partial row left behind.
describe('database errors on writes (development mode)', () => {
  const library = useLibraryServer(
    withWriteFixtures({
      entities: { BookDetail: { permissions: [{ role: 'authenticated', actions: ['*'] }] } },
    }),
  )

  it('a duplicated unique value is 409 Conflict (POST and PATCH), and nothing changes', async () => {
    const created = await expectUnchanged(library, 'Book', () =>
      send(library, 'POST', '/api/Book', { title: 'Copy', publisher_id: 1, isbn: '9781900001076' }),
    )
    expectDatabaseError(created, 409, CONFLICT, /books_isbn_key/)
    const patched = await expectUnchanged(library, 'Book', () =>
      send(library, 'PATCH', '/api/Book/id/2', { isbn: '9781900001076' }),
    )
    expectDatabaseError(patched, 409, CONFLICT, /books_isbn_key/)
  })

  it('a duplicated unique value through a unique-key upsert is 409, and nothing changes', async () => {
    const response = await expectUnchanged(library, 'Tag', () =>
      send(library, 'PATCH', '/api/Tag/id/2', { name: 'fiction' }),
    )
    expectDatabaseError(response, 409, CONFLICT, /tags_name_key/)
  })

  it('a reference to an absent row is 400 (insert, upsert insert, update), and nothing changes', async () => {
    const created = await expectUnchanged(library, 'Book', () =>
      send(library, 'POST', '/api/Book', { title: 'Orphan', publisher_id: 999 }),
    )
    expectDatabaseError(created, 400, FOREIGN_KEY, /books_publisher_id_fkey/)
    const upserted = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'PUT', '/api/BookAuthor/book_id/999/author_id/1', { royalty_percentage: 1 }),
    )
    expectDatabaseError(upserted, 400, FOREIGN_KEY, /book_authors_book_id_fkey/)
    const updated = await expectUnchanged(library, 'Book', () =>
      send(library, 'PATCH', '/api/Book/id/2', { publisher_id: 999 }),
    )
    expectDatabaseError(updated, 400, FOREIGN_KEY, /books_publisher_id_fkey/)
  })

  it('a check constraint violation is 400, and nothing changes', async () => {
    const review = await expectUnchanged(library, 'books/reviews', () =>
      send(library, 'PATCH', '/api/books/reviews/book_id/1/id/1', { rating: 9 }),
    )
    expectDatabaseError(review, 400, CHECK, /reviews_rating_check/)
    const created = await expectUnchanged(library, 'books/reviews', () =>
      send(library, 'POST', '/api/books/reviews', { book_id: 1, rating: 0 }),
    )
    expectDatabaseError(created, 400, CHECK, /reviews_rating_check/)
    const stock = await expectUnchanged(library, 'StockItem', () =>
      send(library, 'PUT', '/api/StockItem/sku/N-1', { name: 'Negative', quantity: -1 }),
    )
    expectDatabaseError(stock, 400, CHECK, /stock_items_quantity_check/)
  })

  it('a PATCH upsert that inserts without a NOT NULL field is 400 from the database, inserting nothing', async () => {
    const response = await expectUnchanged(library, 'StockItem', () =>
      send(library, 'PATCH', '/api/StockItem/sku/N-2', { quantity: 1 }),
    )
    expectDatabaseError(response, 400, NOT_NULL, /name/)
    expect(await read(library, '/api/StockItem/sku/N-2')).toEqual([])
  })

  it("a value out of the column's range is 400, and nothing changes", async () => {
    const response = await expectUnchanged(library, 'Book', () =>
      send(library, 'PATCH', '/api/Book/id/2', { price: 123456789012 }),
    )
    expectDatabaseError(response, 400, BAD_VALUE, /numeric/)
  })

  it('a write the database cannot perform on a view is a 400, not a 500, and changes nothing', async () => {
    for (const [method, url, body] of [
      ['PATCH', '/api/BookDetail/id/1', { title: 'x' }],
      ['PUT', '/api/BookDetail/id/1', { title: 'x', publisher: 'p', price: 1, authorCount: 1 }],
      ['POST', '/api/BookDetail', { id: 999, title: 'x', publisher: 'p', price: 1, authorCount: 1 }],
      ['DELETE', '/api/BookDetail/id/1', undefined],
    ] as const) {
      const response = await expectUnchanged(library, 'BookDetail', () => send(library, method, url, body))
      expectError(response, 400, startsWith(`${REJECTED} `))
    }
  })

  it('an upsert through a view that fails leaves no row (update-then-insert runs in one transaction)', async () => {
    const response = await expectUnchanged(library, 'Book', () =>
      send(library, 'PUT', '/api/CheapBook/id/90002', { title: 'Nowhere', publisher_id: 999, price: 1 }),
    )
    expectDatabaseError(response, 400, FOREIGN_KEY, /books_publisher_id_fkey/)
  })
})
