import { describe, expect, it } from 'vitest'
import { isErrorEnvelope, useLibraryServer, type JsonResponse } from './support/library-test-server.js'

function expectBadRequest(response: JsonResponse, message: RegExp): void {
  expect(response.status).toBe(400)
  expect(isErrorEnvelope(response)).toBe(true)
  expect(response.body.error.code).toBe('Bad Request')
  expect(response.body.error.message).toMatch(message)
}

describe('GET /api/{entity}/{key}/{value}: reading one record by key', () => {
  // Loan's key gets an alias, to check that key names in the path are API-level names; Publisher is keyed by its
  // (unique) name, to check how text key values are decoded.
  const library = useLibraryServer({
    entities: {
      Loan: {
        fields: [
          { name: 'id', alias: 'loanId' },
          { name: 'loaned_on', alias: 'loanedOn' },
          { name: 'returned_on', alias: 'returnedOn' },
        ],
      },
      Publisher: { fields: [{ name: 'name', 'primary-key': true }] },
    },
  })

  it('answers {"value":[record]} for an existing key, with exactly one record', async () => {
    const response = await library.request('/api/Book/id/4')
    expect(response.status).toBe(200)
    expect(Object.keys(response.body)).toEqual(['value'])
    expect(response.body.value).toEqual([
      expect.objectContaining({ id: 4, title: 'SQL_CONN', publishedOn: '2020-01-15', inPrint: true }),
    ])
  })

  it('answers 200 {"value":[]} for a key that does not exist (as Data API builder does)', async () => {
    for (const url of [
      '/api/Book/id/999',
      '/api/Book/id/-1',
      '/api/BookAuthor/book_id/1/author_id/2',
      '/api/BookDetail/id/61',
    ]) {
      const response = await library.request(url)
      expect(response.status, url).toBe(200)
      expect(response.text, url).toBe('{"value":[]}')
    }
  })

  it('reads a composite key given as /name/value pairs in definition order', async () => {
    const { status, body } = await library.request('/api/BookAuthor/book_id/12/author_id/10')
    expect(status).toBe(200)
    expect(body.value).toEqual([{ book_id: 12, author_id: 10, royalty_percentage: 12 }])
  })

  it('reads a composite key given in any order', async () => {
    const inOrder = await library.request('/api/BookAuthor/book_id/12/author_id/23')
    const reversed = await library.request('/api/BookAuthor/author_id/23/book_id/12')
    expect(reversed.status).toBe(200)
    expect(reversed.body).toEqual(inOrder.body)
    expect(reversed.body.value).toEqual([{ book_id: 12, author_id: 23, royalty_percentage: 6 }])
  })

  it('reads a composite key below a subdirectory rest.path, in either order', async () => {
    const expected = [
      { book_id: 1, id: 2, reviewer: 'reader_1984', rating: 4, content: 'Slow start, wonderful ending.' },
    ]
    expect((await library.request('/api/books/reviews/book_id/1/id/2')).body.value).toEqual(expected)
    expect((await library.request('/api/books/reviews/id/2/book_id/1')).body.value).toEqual(expected)
  })

  it('reads a view by the key declared in the config', async () => {
    const { status, body } = await library.request('/api/BookDetail/id/12')
    expect(status).toBe(200)
    expect(body.value).toEqual([
      { id: 12, title: 'Learning PostgreSQL the Hard Way', publisher: 'Northwind Books', price: 44, authorCount: 3 },
    ])
  })

  it('names the key in the path by its API-level name (the alias), not the column name', async () => {
    const aliased = await library.request('/api/Loan/loanId/1', { role: 'authenticated' })
    expect(aliased.status).toBe(200)
    expect(aliased.body.value).toEqual([
      { loanId: 1, book_id: 38, member: 'Leo Rossi', loanedOn: '2021-09-01', returnedOn: '2021-09-14' },
    ])
    expectBadRequest(await library.request('/api/Loan/id/1', { role: 'authenticated' }), /id/)
  })

  it('percent-decodes a text key value and compares it exactly', async () => {
    const read = async (value: string): Promise<unknown> =>
      (await library.request(`/api/Publisher/name/${value}`)).body.value
    expect(await read('Fjord%20%26%20Fell')).toEqual([{ id: 6, name: 'Fjord & Fell', country: 'NO' }])
    expect(await read('%C3%89ditions%20du%20Canal')).toEqual([{ id: 3, name: 'Éditions du Canal', country: 'FR' }])
    expect(await read('fjord%20%26%20fell')).toEqual([])
    // In a path, `+` is a plus sign, not a space.
    expect(await read('Fjord+%26+Fell')).toEqual([])
  })

  it('applies $select to a by-key read', async () => {
    const { status, body } = await library.request('/api/Book/id/7?$select=title,inPrint')
    expect(status).toBe(200)
    expect(body.value).toEqual([{ title: "It's Complicated", inPrint: true }])
  })

  it('accepts a trailing slash after the key', async () => {
    const { status, body } = await library.request('/api/Book/id/4/')
    expect(status).toBe(200)
    expect(body.value).toEqual([expect.objectContaining({ id: 4 })])
  })

  it('rejects the implicit key form /api/Book/1 with 400', async () => {
    expectBadRequest(await library.request('/api/Book/1'), /primary key/i)
  })

  it('rejects a key name without a value (/api/Book/id/) with 400 saying the value is missing', async () => {
    expectBadRequest(await library.request('/api/Book/id/'), /primary key with no value specified/)
  })

  it('rejects a key name that is not a key column: unknown, a non-key field, or wrong case', async () => {
    expectBadRequest(await library.request('/api/Book/nope/1'), /nope/)
    expectBadRequest(await library.request('/api/Book/title/SQL_CONN'), /title/)
    expectBadRequest(await library.request('/api/Book/ID/1'), /ID/)
  })

  it('rejects a composite key with a part missing', async () => {
    expectBadRequest(await library.request('/api/BookAuthor/book_id/12'), /do not match/)
    expectBadRequest(await library.request('/api/books/reviews/id/2'), /do not match/)
  })

  it('rejects a key with an extra column', async () => {
    expectBadRequest(
      await library.request('/api/BookAuthor/book_id/12/author_id/10/royalty_percentage/12'),
      /royalty_percentage/,
    )
    expectBadRequest(await library.request('/api/Book/id/1/title/x'), /title/)
  })

  it('rejects a key column given twice', async () => {
    expectBadRequest(await library.request('/api/Book/id/1/id/2'), /duplicate primary keys/)
    expectBadRequest(
      await library.request('/api/BookAuthor/book_id/12/author_id/10/book_id/12'),
      /duplicate primary keys/,
    )
  })

  it.each(['abc', '1.5', '99999999999', '1e3', '%20'])(
    'rejects a key value that cannot be cast to the column type (/id/%s) with 400 naming the field',
    async (value) => {
      expectBadRequest(await library.request(`/api/Book/id/${value}`), /'id'/)
    },
  )

  it('rejects $filter, $orderby, $first and $after with a key', async () => {
    for (const option of ['$filter=id%20eq%201', '$orderby=id', '$first=1', '$after=abc']) {
      expectBadRequest(await library.request(`/api/Book/id/1?${option}`), /not supported with a primary key/)
    }
  })
})
