import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

const BOOK_FIELDS = ['id', 'title', 'publisher_id', 'publishedOn', 'price', 'pages', 'inPrint', 'isbn', 'created_at']

describe('GET /api/{entity}: reading a collection', () => {
  const library = useLibraryServer()

  it('answers 200 JSON with the records under "value" and nothing else when all rows fit on one page', async () => {
    const response = await library.request('/api/Book')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(Object.keys(response.body)).toEqual(['value'])
    expect(response.body.value).toHaveLength(60)
  })

  it('names fields by their API-level names: aliases replace the column names', async () => {
    const { body } = await library.request('/api/Book')
    expect(Object.keys(body.value[0])).toEqual(BOOK_FIELDS)
    expect(body.value[0]).not.toHaveProperty('published')
    expect(body.value[0]).not.toHaveProperty('in_print')
  })

  it('returns values with their JSON types: numbers, booleans, strings and null', async () => {
    const { body } = await library.request('/api/Book')
    const first = body.value[0]
    expect(first).toEqual({
      id: 1,
      title: 'The Quiet Harbour',
      publisher_id: 1,
      publishedOn: '2015-03-12',
      price: 14.99,
      pages: 320,
      inPrint: true,
      isbn: '9781900001076',
      created_at: expect.stringMatching(/^2024-01-08T09:30:00/),
    })
    const untitled = body.value.find((b: { id: number }) => b.id === 9)
    expect(untitled).toMatchObject({
      title: '',
      publishedOn: null,
      price: null,
      pages: null,
      inPrint: false,
      isbn: null,
    })
  })

  it('keeps titles with quotes, backslashes and percent signs intact', async () => {
    const { body } = await library.request('/api/Book')
    const titles = body.value.map((b: { title: string }) => b.title)
    expect(titles).toEqual(
      expect.arrayContaining([
        'SQL_CONN',
        '100% Pure',
        'C:\\Windows',
        "It's Complicated",
        '[Special Book]',
        '"Quoted" Recipes',
        'CONN%_CONN',
        '',
      ]),
    )
  })

  it('orders by the primary key when no $orderby is given', async () => {
    const { body } = await library.request('/api/Book')
    const ids = body.value.map((b: { id: number }) => b.id)
    expect(ids).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
  })

  it('orders a composite-key collection by its key columns in definition order', async () => {
    const { body } = await library.request('/api/BookAuthor')
    expect(body.value).toHaveLength(83)
    const keys = body.value.map((r: { book_id: number; author_id: number }) => [r.book_id, r.author_id])
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1])
    expect(keys).toEqual(sorted)
    expect(body.value[0]).toEqual({ book_id: 1, author_id: 1, royalty_percentage: 12.5 })
  })

  it('returns the default page size of 100 records, then a nextLink, when more rows exist', async () => {
    const { status, body } = await library.request('/api/Loan', { role: 'authenticated' })
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['value', 'nextLink'])
    expect(body.value).toHaveLength(100)
    expect(body.value[0]).toEqual({
      id: 1,
      book_id: 38,
      member: 'Leo Rossi',
      loanedOn: '2021-09-01',
      returnedOn: '2021-09-14',
    })
    expect(body.value[99].id).toBe(100)
  })

  it('reads a view like a table, with its aliases, ordered by the key declared in the config', async () => {
    const { status, body } = await library.request('/api/BookDetail')
    expect(status).toBe(200)
    expect(body.value).toHaveLength(60)
    expect(body.value.map((r: { id: number }) => r.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
    expect(body.value[11]).toEqual({
      id: 12,
      title: 'Learning PostgreSQL the Hard Way',
      publisher: 'Northwind Books',
      price: 44,
      authorCount: 3,
    })
  })

  it('reads an entity published under a subdirectory rest.path (books/reviews)', async () => {
    const { status, body } = await library.request('/api/books/reviews')
    expect(status).toBe(200)
    expect(body.value).toHaveLength(100)
    expect(body.nextLink).toBeUndefined()
    expect(body.value[0]).toEqual({
      book_id: 1,
      id: 1,
      reviewer: 'Margo',
      rating: 5,
      content: 'Read it in one sitting. The harbour is a character in its own right.',
    })
  })

  it('answers {"value":[]} without nextLink when nothing matches', async () => {
    const response = await library.request(`/api/Book?$filter=${encodeURIComponent('id gt 1000')}`)
    expect(response.status).toBe(200)
    expect(response.text).toBe('{"value":[]}')
  })

  it('ignores a single trailing slash after the entity path', async () => {
    const plain = await library.request('/api/Publisher')
    const slashed = await library.request('/api/Publisher/')
    expect(slashed.status).toBe(200)
    expect(slashed.body).toEqual(plain.body)
    expect(plain.body.value).toHaveLength(8)
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await library.request('/api/Publisher', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.text).toBe('')
  })
})
