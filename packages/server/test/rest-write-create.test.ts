import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectError, expectUnchanged, locationOf, read, send, withWriteFixtures } from './support/write-helpers.js'

// POST /api/{entity}: 201 with {"value":[record]}, the Location header (absolute, API-level key names, definition
// order, percent-encoded values), and what the returned record holds for callers with a narrower `read`.
describe('POST /api/{entity}: creating a record', () => {
  const library = useLibraryServer(
    withWriteFixtures({
      entities: {
        Book: {
          permissions: [
            { role: 'anonymous', actions: ['read'] },
            { role: 'authenticated', actions: ['*'] },
            { role: 'clerk', actions: ['create'] },
            { role: 'keyless-reader', actions: ['create', { action: 'read', fields: { exclude: ['id'] } }] },
            { role: 'no-isbn', actions: ['create', { action: 'read', fields: { exclude: ['isbn', 'created_at'] } }] },
            {
              role: 'lighthouse-reader',
              actions: ['create', { action: 'read', policy: { database: '@item.publisher_id eq 1' } }],
            },
          ],
        },
      },
    }),
  )

  it('answers 201 with exactly the created record, defaults filled in, and a Location that reads it back', async () => {
    const response = await send(library, 'POST', '/api/Book', {
      title: 'Tide Tables',
      publisher_id: 2,
      publishedOn: '2025-02-03',
      price: '12.50',
    })
    expect(response.status, response.text).toBe(201)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(Object.keys(response.body)).toEqual(['value'])
    expect(response.body.value).toHaveLength(1)
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
    expect(record).toMatchObject({
      title: 'Tide Tables',
      publisher_id: 2,
      publishedOn: '2025-02-03',
      price: 12.5,
      pages: null,
      inPrint: true,
      isbn: null,
    })
    expect(record.id).toBeGreaterThanOrEqual(5001)
    expect(typeof record.created_at).toBe('string')
    expect(response.headers['location']).toBe(locationOf(`/api/Book/id/${record.id}`))
    expect(await read(library, `/api/Book/id/${record.id}`)).toEqual([record])
  })

  it('gives each created row its own generated key', async () => {
    const first = await send(library, 'POST', '/api/Book', { title: 'One', publisher_id: 1 })
    const second = await send(library, 'POST', '/api/Book', { title: 'Two', publisher_id: 1 })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.value[0].id).toBeGreaterThan(first.body.value[0].id)
    expect(second.headers['location']).toBe(locationOf(`/api/Book/id/${second.body.value[0].id}`))
  })

  it('takes fields by their API-level names (aliases) and stores them', async () => {
    const response = await send(library, 'POST', '/api/Book', {
      title: 'Aliased',
      publisher_id: 3,
      publishedOn: '2001-01-01',
      inPrint: false,
    })
    expect(response.status).toBe(201)
    const [row] = await read(library, `/api/Book/id/${response.body.value[0].id}`)
    expect(row).toMatchObject({ publishedOn: '2001-01-01', inPrint: false })
  })

  it('builds Location for a composite key below a subdirectory path: every part, in definition order', async () => {
    const response = await send(library, 'POST', '/api/books/reviews', { book_id: 7, reviewer: 'Ines', rating: 4 })
    expect(response.status, response.text).toBe(201)
    const { id } = response.body.value[0]
    expect(response.body.value).toEqual([{ book_id: 7, id, reviewer: 'Ines', rating: 4, content: 'No comment' }])
    expect(response.headers['location']).toBe(locationOf(`/api/books/reviews/book_id/7/id/${id}`))
  })

  it('accepts a key the caller chooses in the body, and puts it in Location in definition order', async () => {
    const response = await send(library, 'POST', '/api/BookAuthor', {
      author_id: 4,
      book_id: 1,
      royalty_percentage: 2.5,
    })
    expect(response.status, response.text).toBe(201)
    expect(response.body.value).toEqual([{ book_id: 1, author_id: 4, royalty_percentage: 2.5 }])
    expect(response.headers['location']).toBe(locationOf('/api/BookAuthor/book_id/1/author_id/4'))
    expect(await read(library, '/api/BookAuthor/book_id/1/author_id/4')).toEqual(response.body.value)
  })

  it('builds Location from the Host the client used, or from well-formed X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const direct = await send(
      library,
      'POST',
      '/api/Publisher',
      { name: 'Direct Press' },
      { headers: { host: 'books.example:8080' } },
    )
    expect(direct.status, direct.text).toBe(201)
    expect(direct.headers['location']).toBe(`http://books.example:8080/api/Publisher/id/${direct.body.value[0].id}`)
    const proxied = await send(
      library,
      'POST',
      '/api/Publisher',
      { name: 'Proxied Press' },
      {
        headers: { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example.com' },
      },
    )
    expect(proxied.status, proxied.text).toBe(201)
    expect(proxied.headers['location']).toBe(`https://public.example.com/api/Publisher/id/${proxied.body.value[0].id}`)
  })

  it('percent-encodes a text key value in Location', async () => {
    const response = await send(library, 'POST', '/api/StockItem', { sku: 'B 1/ü?', name: 'Odd sku' })
    expect(response.status, response.text).toBe(201)
    expect(response.headers['location']).toBe(locationOf('/api/StockItem/sku/B%201%2F%C3%BC%3F'))
    expect(response.body.value[0]).toMatchObject({ sku: 'B 1/ü?', name: 'Odd sku', quantity: 0, note: 'none' })
  })

  it('refuses a row whose caller-chosen key already exists with 409, leaving the row as it was', async () => {
    const response = await expectUnchanged(library, 'BookAuthor', () =>
      send(library, 'POST', '/api/BookAuthor', { book_id: 1, author_id: 1, royalty_percentage: 99 }),
    )
    expectError(response, 409, /^The request conflicts with an existing row \(a unique key would be duplicated\)\./)
  })

  it('a caller without read permission gets 201 {"value":[]} and no Location, and the row is created', async () => {
    const response = await send(
      library,
      'POST',
      '/api/Book',
      { title: 'Written blind', publisher_id: 5 },
      { role: 'clerk' },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.text).toBe('{"value":[]}')
    expect(response.headers['location']).toBeUndefined()
    expect(
      await read(
        library,
        `/api/Book?$filter=${encodeURIComponent("title eq 'Written blind'")}&$select=title,publisher_id`,
      ),
    ).toEqual([{ title: 'Written blind', publisher_id: 5 }])
  })

  it('a caller who may read the row but not its key gets the record without the key and no Location', async () => {
    const response = await send(
      library,
      'POST',
      '/api/Book',
      { title: 'Keyless view', publisher_id: 5 },
      { role: 'keyless-reader' },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.headers['location']).toBeUndefined()
    expect(response.body.value).toHaveLength(1)
    expect(response.body.value[0]).not.toHaveProperty('id')
    expect(response.body.value[0]).toMatchObject({ title: 'Keyless view', publisher_id: 5 })
  })

  it('returns only the fields the role may read, with Location when the key is readable', async () => {
    const response = await send(
      library,
      'POST',
      '/api/Book',
      { title: 'Partly shown', publisher_id: 5, isbn: '9990000000001' },
      { role: 'no-isbn' },
    )
    expect(response.status, response.text).toBe(201)
    const record = response.body.value[0]
    expect(Object.keys(record)).toEqual(['id', 'title', 'publisher_id', 'publishedOn', 'price', 'pages', 'inPrint'])
    expect(response.headers['location']).toBe(locationOf(`/api/Book/id/${record.id}`))
    expect((await read(library, `/api/Book/id/${record.id}`))[0].isbn).toBe('9990000000001')
  })

  it("returns the record only when it satisfies the role's read policy (and Location only then)", async () => {
    const visible = await send(
      library,
      'POST',
      '/api/Book',
      { title: 'Visible', publisher_id: 1 },
      { role: 'lighthouse-reader' },
    )
    expect(visible.status, visible.text).toBe(201)
    expect(visible.body.value).toEqual([expect.objectContaining({ title: 'Visible', publisher_id: 1 })])
    expect(visible.headers['location']).toBe(locationOf(`/api/Book/id/${visible.body.value[0].id}`))

    const hidden = await send(
      library,
      'POST',
      '/api/Book',
      { title: 'Hidden', publisher_id: 2 },
      { role: 'lighthouse-reader' },
    )
    expect(hidden.status, hidden.text).toBe(201)
    expect(hidden.text).toBe('{"value":[]}')
    // The row is hidden, its key is not: Data API builder still answers with its Location.
    expect(hidden.headers['location']).toMatch(/\/api\/Book\/id\/\d+$/)
    expect(
      await read(library, `/api/Book?$filter=${encodeURIComponent("title eq 'Hidden'")}&$select=publisher_id`),
    ).toEqual([{ publisher_id: 2 }])
  })

  it('refuses a key in the URL with 400, creating nothing', async () => {
    const cases = [
      ['Book', '/api/Book/id/5555', { title: 'x', publisher_id: 1 }],
      ['BookAuthor', '/api/BookAuthor/book_id/1/author_id/5', { royalty_percentage: 1 }],
    ] as const
    for (const [entity, url, body] of cases) {
      const response = await expectUnchanged(library, entity, () => send(library, 'POST', url, body))
      expectError(
        response,
        400,
        "Primary key for POST requests can't be specified in the request URL. Use request body instead.",
      )
    }
  })

  it('does not answer 201 to the read-only view BookDetail: the caller lacks create (403)', async () => {
    const response = await expectUnchanged(library, 'BookDetail', () =>
      send(library, 'POST', '/api/BookDetail', { title: 'x' }),
    )
    expectError(response, 403, 'The current role does not have permission to perform this action.')
  })
})
