import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

function expectError(response: JsonResponse, status: number): void {
  expect(response.status, response.text).toBe(status)
  expect(isErrorEnvelope(response)).toBe(true)
}

describe('REST routing', () => {
  // BookDetail is moved to `books`, so `books` and `books/reviews` (Review) test longest-prefix routing.
  const library = useLibraryServer({
    entities: {
      BookDetail: { rest: { path: 'books' } },
      Author: { rest: { path: 'catalog/authors-ü' } },
      Publisher: { rest: { enabled: false } },
    },
  })

  it('routes the entity name when no rest.path is set', async () => {
    const { status, body } = await library.request('/api/Book/id/3')
    expect(status).toBe(200)
    expect(body.value[0]).toMatchObject({ id: 3, publisher_id: 4 })
  })

  it.each(['/api/book', '/api/BOOK', '/api/bOOK/id/1', '/api/Books', '/api/Books/reviews'])(
    'matches entity paths case-sensitively: %s is 404',
    async (url) => {
      expectError(await library.request(url), 404)
    },
  )

  it('does not match a subdirectory path in another case: books/Reviews is books with a malformed key (400)', async () => {
    expectError(await library.request('/api/books/Reviews/book_id/1/id/2'), 400)
  })

  it('answers 404 "Invalid Entity path" for an unknown entity', async () => {
    const response = await library.request('/api/Nope')
    expectError(response, 404)
    expect(response.body.error).toEqual({
      code: 'Not Found',
      message: expect.stringMatching(/^Invalid Entity path: Nope/),
      status: 404,
    })
  })

  it('routes a custom rest.path and no longer the entity name', async () => {
    const byPath = await library.request('/api/books/id/3')
    expect(byPath.status).toBe(200)
    expect(byPath.body.value).toEqual([
      { id: 3, title: 'A Field Guide to Northern Moths', publisher: 'Tidewater Publishing', price: 32, authorCount: 2 },
    ])
    expectError(await library.request('/api/BookDetail'), 404)
    expectError(await library.request('/api/BookDetail/id/3'), 404)
    expectError(await library.request('/api/Review'), 404)
  })

  it('routes by the longest matching path prefix: books/reviews wins over books', async () => {
    const reviews = await library.request('/api/books/reviews?$first=1')
    expect(reviews.status).toBe(200)
    expect(reviews.body.value[0]).toHaveProperty('reviewer', 'Margo')
    const review = await library.request('/api/books/reviews/book_id/1/id/2')
    expect(review.body.value).toEqual([
      { book_id: 1, id: 2, reviewer: 'reader_1984', rating: 4, content: 'Slow start, wonderful ending.' },
    ])
    const detail = await library.request('/api/books?$first=1')
    expect(detail.body.value[0]).toHaveProperty('authorCount')
  })

  it('takes the segments after the longest prefix as key pairs', async () => {
    const response = await library.request('/api/books/reviews/id/2/book_id/1')
    expect(response.status).toBe(200)
    expect(response.body.value).toHaveLength(1)
  })

  it('decodes percent-encoded characters in path segments', async () => {
    const response = await library.request('/api/catalog/authors-%C3%BC/id/13')
    expect(response.status).toBe(200)
    expect(response.body.value).toEqual([{ id: 13, name: 'Maya Fernández', birthYear: 1993 }])
  })

  it('answers 404 for a path that is only a prefix of an entity path', async () => {
    expectError(await library.request('/api/catalog'), 404)
  })

  it('answers 404 for an entity with rest.enabled: false', async () => {
    expectError(await library.request('/api/Publisher'), 404)
    expectError(await library.request('/api/Publisher/id/1'), 404)
  })

  it('answers 404 for the REST prefix alone', async () => {
    expectError(await library.request('/api'), 404)
    expectError(await library.request('/api/'), 404)
  })

  it.each([
    '/api/books%2Freviews',
    '/api/books%2freviews',
    '/api/Book%2Fid%2F1',
    '/api/Book/id/1%2F2',
    '/api/books%5Creviews',
    '/api/Book/id/1%5c',
  ])('rejects a percent-encoded separator with 400: %s', async (url) => {
    const response = await library.request(url)
    expectError(response, 400)
    expect(response.body.error.code).toBe('Bad Request')
  })

  it.each([
    '/api/Book/../Author',
    '/api/books/../Book',
    '/api/Book/%2E%2E/Author',
    '/api/Book/id/..',
    '/api/./Book',
    '/api/Book/./id/1',
    '/api/books\\reviews',
    '/api/Book\\id\\1',
    '/api/Book/id/1\\',
  ])('rejects dot segments and backslashes in the raw path with 400: %s', async (path) => {
    const response = await library.requestRawPath(path)
    expectError(response, 400)
    expect(response.body.error.code).toBe('Bad Request')
  })

  it('rejects malformed percent-encoding in the path with 400', async () => {
    expectError(await library.requestRawPath('/api/Book/id/%E0%A4%A'), 400)
    expectError(await library.requestRawPath('/api/Book/id/%zz'), 400)
  })
})
